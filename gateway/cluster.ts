// The gateway on several cores: the primary forks WORKERS gateway processes that share one port (node:cluster; the
// primary accepts connections and deals them out round-robin), holds the rate-limit counts for all of them when no
// Redis is configured (rate-limit/stores/cluster.ts), restarts a worker that dies, forwards SIGHUP (re-check site/current) and
// shuts the workers down gracefully on SIGTERM / SIGINT. The first worker starts alone and the rest once it listens;
// a worker that fails before it listens stops the whole start.
import cluster from 'node:cluster';
import type { Config } from '../config/resolve.ts';
import { createClusterPrimary } from './rate-limit/stores/cluster-primary.ts';
import { createMemoryStore } from './rate-limit/stores/memory.ts';
import { WINDOW_MS } from './rate-limit/stores/open.ts';

/** How the primary tells the worker it forks at launch when the launch was (epoch ms): that worker counts its warm-up
 *  deadline from there, not from its own later start. Workers forked later (the rest, once it listens, and
 *  replacements) are not told, and warm for their own full budget while another serves. */
export const LAUNCHED_AT_ENV = 'GATEWAY_LAUNCHED_AT';

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

/**
 * How far V8 lets a capped worker's old generation grow past what the last full collection kept, in per cent. Under a
 * cap of less than 2 GB V8 picks a smaller growing factor (1.3–2× instead of 4×), and at a live heap of tens of MB the
 * room that leaves is less than the young generation (two 16 MB semi-spaces), so V8 starts marking again as soon as a
 * full collection ends: under a load of engine answers, 5–10 full collections a second of 5–25 ms each, every one a
 * pause for the requests in flight. Twice the live size keeps that room above the young generation while the cap still
 * bounds the heap (the measurements: docs/benchmarks-search.md).
 */
export const WORKER_HEAP_GROWING_PERCENT = 100;

/** The Node flags a worker runs with: this process's own, its heap cap replaced by `heapMb` and its old generation's
 *  growing factor by WORKER_HEAP_GROWING_PERCENT (0: both left as they are). */
export function workerExecArgv(execArgv: readonly string[], heapMb: number): string[] {
  if (heapMb <= 0) return [...execArgv];
  return [...execArgv.filter((flag) => !/^--(max[-_]old[-_]space[-_]size|heap[-_]growing[-_]percent)=/.test(flag)),
    `--max-old-space-size=${heapMb}`, `--heap-growing-percent=${WORKER_HEAP_GROWING_PERCENT}`];
}

/** A worker as the primary uses it (node:cluster's Worker; a fake in tests). */
export interface WorkerHandle {
  id: number;
  process: { pid?: number; kill(signal: NodeJS.Signals): boolean };
  send(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  once(event: 'exit', listener: (code: number | null, signal: string | null) => void): unknown;
}

/** The primary's side effects, injected so the supervision can be tested without processes. */
export interface PrimaryEffects {
  /** Start a worker (this same entry script) with these extra environment variables. */
  fork(env: Record<string, string>): WorkerHandle;
  exit(code: number): void;
  say(message: string): void;
  warn(message: string): void;
  /** Handle a signal sent to this process (the real process installs it; tests call it). */
  onSignal(signal: 'SIGHUP' | 'SIGTERM' | 'SIGINT', handler: () => void): void;
  /** Run `task` after `ms` without keeping the process alive for it. */
  later(ms: number, task: () => void): void;
}

/** node:cluster and this process: workers run with the configured heap cap in place of any this process has. */
export function clusterEffects(config: Pick<Config, 'workerHeapMb'>): PrimaryEffects {
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, config.workerHeapMb) });
  return {
    fork: (env) => cluster.fork(env),
    exit: (code) => process.exit(code),
    say: (message) => console.log(message),
    warn: (message) => console.error(message),
    onSignal: (signal, handler) => { if (signal === 'SIGHUP') process.on(signal, handler); else process.once(signal, handler); },
    later: (ms, task) => { setTimeout(task, ms).unref(); },
  };
}

/** Run the primary: fork `config.workers` workers and supervise them. */
export function runPrimary(config: Pick<Config, 'workers' | 'redisUrl'>, effects: PrimaryEffects): void {
  // Without Redis the primary is the one place every worker can count in: exact limits across workers.
  const counts = config.redisUrl ? null : createClusterPrimary(createMemoryStore({ windowMs: WINDOW_MS }));
  const workers = new Set<WorkerHandle>();
  const listening = new Set<number>();
  // workers forked so far, counting the one forked at launch below (the rest follow once it listens)
  let forked = 1;
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  // A worker that keeps dying right after start would otherwise be forked in a tight loop.
  let restartDelayMs = 100;

  /** `launched`: the worker forked at launch, which warms up only until a deadline counted from the launch. */
  function fork(launched = false): void {
    const worker = effects.fork(launched ? { [LAUNCHED_AT_ENV]: String(performance.timeOrigin) } : {});
    workers.add(worker);
    const detach = counts ? counts.serve(worker) : () => {};
    worker.on('message', (message: unknown) => {
      if (!isListeningMessage(message)) return;
      listening.add(worker.id);
      restartDelayMs = 100;
      // the first to listen serves while the rest start
      while (!stopping && forked < config.workers) forked++, fork();
      if (!announced && listening.size === config.workers) {
        announced = true;
        effects.say(`Toronto lobbying API listening on ${message.url} (export ${message.exportId ?? 'none'}; ${config.workers} workers, `
          + `heap limit ${message.heapLimitMb} MB each, rate limits counted in ${message.store})`);
      }
    });
    worker.once('exit', (code, signal) => {
      detach();
      workers.delete(worker);
      const wasListening = listening.delete(worker.id);
      if (stopping) {
        if (workers.size === 0) effects.exit(exitCode);
        return;
      }
      if (!wasListening && !announced) {
        // failed during start (a busy port, no readable export): the same would happen to every fork
        effects.warn(`gateway worker exited during start (${signal ?? `code ${code}`}); stopping`);
        stop(1);
        return;
      }
      effects.warn(`gateway worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`);
      effects.later(restartDelayMs, () => { if (!stopping) fork(); });
      restartDelayMs = Math.min(restartDelayMs * 2, 10_000);
    });
  }

  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (workers.size === 0) return effects.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    // workers finish in-flight requests within their own 10 s; this only catches a hung one
    effects.later(12_000, () => effects.exit(1));
  }

  // One worker starts alone and the rest once it listens: on a small machine workers starting together share the
  // cores and none answers before all have loaded the export (docs/benchmarks-edge.md). A worker that cannot start
  // stops the start before the others are forked.
  fork(true);
  effects.onSignal('SIGHUP', () => {
    for (const worker of workers) worker.process.kill('SIGHUP');
  });
  const shutdown = (signal: string) => {
    effects.say(`${signal}: stopping ${workers.size} workers (in-flight requests finish first)`);
    stop(0);
  };
  effects.onSignal('SIGTERM', () => shutdown('SIGTERM'));
  effects.onSignal('SIGINT', () => shutdown('SIGINT'));
}
