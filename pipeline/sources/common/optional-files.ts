// Files of a source's raw folder: every folder is optional (an absent one leaves its tables empty), said once in the log.
import path from 'node:path';
import type { SourceContext } from './source-context.ts';
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

/**
 * The same for the council datasets (voting record, meeting schedule, elected officials): the absent-folder line
 * is worded as the registry and TMMIS loaders word theirs ("left empty"), which the run's readers count.
 */
export async function councilFiles(ctx: SourceContext, source: string, folder: string, pattern: RegExp, table: string): Promise<string[]> {
  const files = await listFiles(path.join(ctx.rawDir, folder), pattern);
  if (files.length === 0) ctx.log(`${source}: no files in ${folder}/; ${table} left empty`);
  return files;
}
