// A short hash of the files that decide an output's bytes besides its data (the code that writes it, the package.json
// of each library it calls): the source loaders' and the bulk writer's reuse of last night's work is valid only
// while this hash is unchanged.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Hash of the files' names and contents, in name-then-content order: where the checkout or node_modules lies (a
 *  linked node_modules sorts before or after the project's own files) must not change it. */
export async function codeVersion(files: readonly string[]): Promise<string> {
  const entries = await Promise.all(files.map(async (file) => ({
    name: path.basename(file), digest: createHash('sha256').update(await readFile(file)).digest('hex'),
  })));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
  const hash = createHash('sha256');
  for (const e of entries) hash.update(e.name).update('\0').update(e.digest).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** A package's package.json, found from its resolved entry (its `exports` may not list package.json). */
export function packageJsonOf(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  return path.join(entry.slice(0, entry.lastIndexOf(marker) + marker.length), 'package.json');
}
