// Body of one id-pass worker thread: reads its range of archived snapshots and posts each summary, then the result.
import { parentPort, workerData } from 'node:worker_threads';
import { readRange } from './id-pass.ts';
import type { Snapshot } from './snapshot-files.ts';

const { range } = workerData as { range: Snapshot[] };
try {
  const result = await readRange(range, (summary) => parentPort!.postMessage({ kind: 'snapshot', summary }));
  parentPort!.postMessage({ kind: 'done', result });
} catch (err) {
  parentPort!.postMessage({ kind: 'error', message: (err as Error).stack ?? String(err) });
}
