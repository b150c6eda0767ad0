// The exports kept under a site root, in publish order: `<siteRoot>/published.json` lists them (a republished id
// moves to the end), so pruning keeps the last N published rather than the last N by name (two exports of one
// date sort by their hash). Also the clean-up of what a killed build leaves behind.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BULK_ARCHIVE, EXPORT_ID_PATTERN, JOURNAL_FILE, parseJournal, exportLayout, type PublishedExport, type ExportManifest,
} from '../export/layout.ts';

// What a build writes before it publishes: its temp folder, the temp symlink, a temp journal.
const LEFTOVER = /^\.(tmp|current|journal)-/;

/** The journal, oldest first ([] when absent or unreadable: pruning then goes by folder name). */
export async function readJournal(siteRoot: string): Promise<PublishedExport[]> {
  try {
    return parseJournal(await readFile(path.join(siteRoot, JOURNAL_FILE), 'utf8'));
  } catch {
    return [];
  }
}

/** Record `entry` as the newest export, keep the newest `keep` (and `live`), delete the other export folders; the
 *  newest `keepBulk` keep their bulk files, moved into the bulk archive when their folder goes. Returns the pruned
 *  folder names. Call with the publish lock held. */
export async function recordAndPrune(siteRoot: string, entry: PublishedExport, keep: number, live: string, keepBulk = keep): Promise<string[]> {
  const journal = (await readJournal(siteRoot)).filter((e) => e.export_id !== entry.export_id).concat(entry);
  const bulkKept = new Set(journal.slice(-Math.max(1, keep, keepBulk)).map((e) => e.export_id));
  const folders = (await readdir(siteRoot, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && EXPORT_ID_PATTERN.test(e.name))
    .map((e) => e.name);
  const order = new Map(journal.map((e, i) => [e.export_id, i]));
  // Folders the journal does not know (a lost journal) count as older than every journal entry.
  const ranked = [...folders].sort((a, b) => (order.get(a) ?? -1) - (order.get(b) ?? -1) || a.localeCompare(b));
  const kept = new Set(ranked.slice(-Math.max(1, keep)));
  kept.add(live);
  const doomed = ranked.filter((name) => !kept.has(name));
  // Bulk files first (a rename), then the journal: a crash mid-way leaves folders or archives the next publish
  // prunes, never entries without files. An archived export has no folder, so no gateway opens it for a cursor walk.
  const archive = path.join(siteRoot, BULK_ARCHIVE);
  for (const name of doomed.filter((n) => bulkKept.has(n))) await _archiveBulk(siteRoot, name);
  const archived = new Set(await _children(archive));
  await _writeJournal(siteRoot, journal.filter((e) => kept.has(e.export_id) || (bulkKept.has(e.export_id) && archived.has(e.export_id))));
  for (const name of doomed) await rm(path.join(siteRoot, name), { recursive: true, force: true });
  for (const name of archived) if (!bulkKept.has(name)) await rm(path.join(archive, name), { recursive: true, force: true });
  return doomed;
}

/** Remove temp folders and links of builds that were killed before publishing. Call with the publish lock held. */
export async function removeLeftovers(siteRoot: string): Promise<string[]> {
  const names = (await readdir(siteRoot)).filter((n) => LEFTOVER.test(n));
  for (const name of names) await rm(path.join(siteRoot, name), { recursive: true, force: true });
  return names;
}

/** Move an export's bulk files into the archive, with the run they came from (previous-export lookups need it). */
async function _archiveBulk(siteRoot: string, exportId: string): Promise<void> {
  const from = path.join(siteRoot, exportId, 'bulk');
  if (!(await _children(from)).length) return;
  await mkdir(path.join(siteRoot, BULK_ARCHIVE), { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(siteRoot, exportId, exportLayout.manifest), 'utf8')) as ExportManifest;
  await writeFile(path.join(from, 'run.json'), `${JSON.stringify({ run_id: manifest.run_id })}\n`);
  await rename(from, path.join(siteRoot, BULK_ARCHIVE, exportId));
}

async function _children(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

async function _writeJournal(siteRoot: string, entries: readonly PublishedExport[]): Promise<void> {
  const tmp = path.join(siteRoot, `.journal-${process.pid}`);
  await writeFile(tmp, `${JSON.stringify(entries, null, 2)}\n`);
  await rename(tmp, path.join(siteRoot, JOURNAL_FILE));
}
