// The previous night's bulk files, which the changes files compare against: the newest published export of another
// pipeline run whose bulk files are still on disk (in its folder, or archived with a run.json once the folder went).
// The run id is read from the manifest's head, so a manifest whose file list is huge is never parsed whole.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BULK_ARCHIVE, JOURNAL_FILE, exportLayout } from '../../export/layout.ts';
import { previousBulk } from '../../build/bulk-export.ts';
import { BULK_MANIFEST } from '../../build/bulk/write-bulk.ts';

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

/** An export folder with a manifest as the writer lays it out (head first, then a long file list) and bulk files. */
async function exportFolder(root: string, id: string, runId: string) {
  const dir = path.join(root, id);
  await mkdir(path.join(dir, 'bulk'), { recursive: true });
  await writeFile(path.join(dir, 'bulk', BULK_MANIFEST), '{}');
  const files = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`api/v1/x/${i}.json`, { sha256: 'a'.repeat(64), bytes: i }]));
  await writeFile(path.join(dir, exportLayout.manifest), JSON.stringify({ export_id: id, run_id: runId, files }));
}

it('is the newest export of another run with its bulk files on disk, archived ones included', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'previous-bulk-'));
  roots.push(root);
  expect(await previousBulk(root, 'run-c')).toBeNull(); // the first export has none
  const ids = ['2026-11-18-00000001', '2026-11-19-00000002', '2026-11-20-00000003', '2026-11-20-00000004'];
  // 1: run-a, archived (its folder pruned to its bulk files and run.json); 2: run-b, no bulk files left;
  // 3: run-b; 4: run-c, a rebuild of this same run
  await mkdir(path.join(root, BULK_ARCHIVE, ids[0]!), { recursive: true });
  await writeFile(path.join(root, BULK_ARCHIVE, ids[0]!, BULK_MANIFEST), '{}');
  await writeFile(path.join(root, BULK_ARCHIVE, ids[0]!, 'run.json'), '{"run_id":"run-a"}');
  await mkdir(path.join(root, ids[1]!));
  await exportFolder(root, ids[2]!, 'run-b');
  await exportFolder(root, ids[3]!, 'run-c');
  const journal = (n: number) => JSON.stringify(ids.slice(0, n).map((id) => ({ export_id: id, export_date: id.slice(0, 10), published_at: 'x' })));
  await writeFile(path.join(root, JOURNAL_FILE), journal(4));

  expect(await previousBulk(root, 'run-c')).toEqual({ dir: path.join(root, ids[2]!, 'bulk'), exportId: ids[2] });
  expect(await previousBulk(root, 'run-d')).toEqual({ dir: path.join(root, ids[3]!, 'bulk'), exportId: ids[3] });
  // before export 4 was published, a rebuild of run-b skipped its own export and the one without bulk files, down
  // to the archived run-a
  await writeFile(path.join(root, JOURNAL_FILE), journal(3));
  expect(await previousBulk(root, 'run-b')).toEqual({ dir: path.join(root, BULK_ARCHIVE, ids[0]!), exportId: ids[0] });
});
