// The bulk export as a part of the site build: written into the export's `bulk/` folder (published with it,
// atomically) and listed in its manifest; its changes files compare with the previous night's export, found in the
// publish journal as the newest export of another pipeline run whose bulk files are still on disk.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readManifestHead } from '../export/manifest-read.ts';
import { BULK_ARCHIVE, exportLayout, type ExportManifest } from '../export/layout.ts';
import { readJournal } from './published-exports.ts';
import type { SiteExtra } from './site/write-site.ts';
import { BULK_MANIFEST, bulkFiles, writeBulk, type SideFile } from './bulk/write-bulk.ts';

export interface BulkOptions {
  siteRoot: string;
  baseUrl: string;
  exportDate: string;
  runId: string;
  sideFiles: SideFile[];
  now?: () => Date;
}

/** The bulk folder of the previous night's export: another run's, newest first; null on the first export. */
export async function previousBulk(siteRoot: string, runId: string): Promise<{ dir: string; exportId: string } | null> {
  const journal = await readJournal(siteRoot);
  for (const entry of [...journal].reverse()) {
    const bulkDir = [path.join(siteRoot, entry.export_id, 'bulk'), path.join(siteRoot, BULK_ARCHIVE, entry.export_id)]
      .find((d) => existsSync(path.join(d, BULK_MANIFEST)));
    if (!bulkDir) continue;
    // a rebuild of this same run compares with the night before it, as its first build did (same bytes)
    if ((await _runOf(siteRoot, entry.export_id)) === runId) continue;
    return { dir: bulkDir, exportId: entry.export_id };
  }
  return null;
}

/** The site-writer part that writes the bulk files and lists them in the export's manifest. */
export function bulkExport(options: BulkOptions): SiteExtra {
  return async ({ dir, exportId, records, register }) => {
    const previous = await previousBulk(options.siteRoot, options.runId);
    const { manifest, manifestDigest } = await writeBulk({
      exportId, exportDate: options.exportDate, baseUrl: options.baseUrl, generatedAt: (options.now ?? (() => new Date()))(),
      tables: [...records].map(([route, r]) => ({ route, records: r })), previous, sideFiles: options.sideFiles,
    }, path.join(dir, 'bulk'));
    const files = bulkFiles(manifest, manifestDigest);
    for (const f of files) register(exportLayout.bulkFile(f.name), f.digest);
    return { 'bulk.files': files.length, 'bulk.bytes': files.reduce((n, f) => n + f.digest.bytes, 0) };
  };
}

/** The run an export was built from (its manifest's run_id, read from the manifest's head, before the file list that
 *  is most of the file; the bulk manifest does not say). */
async function _runOf(siteRoot: string, exportId: string): Promise<string | null> {
  const reads = [
    () => readManifestHead(path.join(siteRoot, exportId)),
    async () => JSON.parse(await readFile(path.join(siteRoot, BULK_ARCHIVE, exportId, 'run.json'), 'utf8')) as Pick<ExportManifest, 'run_id'>,
  ];
  for (const read of reads) {
    try {
      return (await read()).run_id;
    } catch {
      // not there: the export was pruned to its bulk files (then its archive's run.json says)
    }
  }
  return null;
}
