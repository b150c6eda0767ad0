// File-system helpers shared by the adapters: listing a raw sub-folder, relative paths, terms from file names.
import fs from 'node:fs/promises';
import path from 'node:path';

/** Files directly inside `dir` whose names match `pattern`, sorted by name; [] when the folder does not exist. */
export async function listFiles(dir: string, pattern: RegExp): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: string[] = [];
  for (const name of names.sort()) {
    if (!pattern.test(name)) continue;
    const full = path.join(dir, name);
    if ((await fs.stat(full)).isFile()) files.push(full);
  }
  return files;
}

/** Whether a path exists and is a directory. */
export async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Path relative to the raw folder with forward slashes, as stored in `source_file`. */
export function toSourceFile(rawDir: string, file: string): string {
  return path.relative(rawDir, file).split(path.sep).join('/');
}

/** Council term `YYYY-YYYY` named in a file name (`VW_OPEN_VOTE_2018_2022.csv`, `agenda-items-2018-2022.json`). */
export function termFromFileName(file: string): string | null {
  const m = /(\d{4})[-_](\d{4})/.exec(path.basename(file));
  return m ? `${m[1]}-${m[2]}` : null;
}
