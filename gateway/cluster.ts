// The gateway on several cores: the primary forks WORKERS gateway processes that share one port (node:cluster; the
// primary accepts connections and deals them out round-robin), holds the rate-limit counts for all of them when no
// Redis is configured (stores/cluster.ts), restarts a worker that dies, forwards SIGHUP (re-check site/current) and
// shuts the workers down gracefully on SIGTERM / SIGINT. A worker that fails before it listens stops the whole start.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config/resolve.ts';
import { createClusterPrimary } from './stores/cluster-primary.ts';
import { createMemoryStore } from './stores/memory.ts';
import { WINDOW_MS } from './stores/open.ts';

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  gateway: 'listening';
  url: string;
  exportId: string | null;
  store: string;
  /** The worker's V8 heap limit (old and young generations), MB. */
  heapLimitMb: number;
}

export function isListeningMessage(message: unknown): message is ListeningMessage {
  return typeof message === 'object' && message !== null && (message as ListeningMessage).gateway === 'listening';
}

/** The Node flags a worker runs with: this process's own, its heap cap replaced by `heapMb` (0: left as it is). */
export function workerExecArgv(execArgv: readonly string[], heapMb: number): string[] {
  if (heapMb <= 0) return [...execArgv];
  return [...execArgv.filter((flag) => !/^--max[-_]old[-_]space[-_]size=/.test(flag)), `--max-old-space-size=${heapMb}`];
}

/** Run the primary: fork `config.workers` workers (this same entry script) and supervise them. */
export function runPrimary(config: Pick<Config, 'workers' | 'redisUrl' | 'workerHeapMb'>, say: (message: string) => void = console.log): void {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, config.workerHeapMb) });
  // Without Redis the primary is the one place every worker can count in: exact limits across workers.
  const counts = config.redisUrl ? null : createClusterPrimary(createMemoryStore({ windowMs: WINDOW_MS }));
  const listening = new Set<number>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  // A worker that keeps dying right after start would otherwise be forked in a tight loop.
  let restartDelayMs = 100;

  function fork(): Worker {
    const worker = cluster.fork();
    const detach = counts ? counts.serve(worker) : () => {};
    worker.on('message', (message: unknown) => {
      if (!isListeningMessage(message)) return;
      listening.add(worker.id);
      restartDelayMs = 100;
      if (!announced && listening.size === config.workers) {
        announced = true;
        say(`Toronto lobbying API listening on ${message.url} (export ${message.exportId ?? 'none'}; ${config.workers} workers, `
          + `heap limit ${message.heapLimitMb} MB each, rate limits counted in ${message.store})`);
      }
    });
    worker.once('exit', (code, signal) => {
      detach();
      const wasListening = listening.delete(worker.id);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
        return;
      }
      if (!wasListening && !announced) {
        // failed during start (a busy port, no readable export): the same would happen to every fork
        console.error(`gateway worker exited during start (${signal ?? `code ${code}`}); stopping`);
        stop(1);
        return;
      }
      console.error(`gateway worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`);
      setTimeout(() => { if (!stopping) fork(); }, restartDelayMs).unref();
      restartDelayMs = Math.min(restartDelayMs * 2, 10_000);
    });
    return worker;
  }

  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    // workers finish in-flight requests within their own 10 s; this only catches a hung one
    setTimeout(() => process.exit(1), 12_000).unref();
  }

  for (let i = 0; i < config.workers; i++) fork();
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
  });
  const shutdown = (signal: string) => {
    console.log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers (in-flight requests finish first)`);
    stop(0);
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
