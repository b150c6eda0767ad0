// Files of one of the optional raw folders (issue 3 sources): absent folders or files are normal, said once in the log.
import path from 'node:path';
import type { SourceContext } from './csv-adapter.ts';
import { toHeaderKey } from './csv-records.ts';
import { listFiles } from './files.ts';

/** Files in `rawDir/folder` matching `pattern`; [] plus one log line naming the tables that stay empty. */
export async function optionalFiles(
  ctx: SourceContext,
  source: string,
  folder: string,
  pattern: RegExp,
  tables: readonly string[],
): Promise<string[]> {
  const files = await listFiles(path.join(ctx.rawDir, folder), pattern);
  if (files.length === 0) ctx.log(`${source}: nothing matching ${pattern.source} in ${folder}/; ${tables.join(', ')} stay empty`);
  return files;
}

/** Header-key aliases written as the City spells the headers, folded by toHeaderKey (`'APPLICATION#'` → `application`). */
export function keys(...headers: string[]): string[] {
  return headers.map(toHeaderKey);
}
