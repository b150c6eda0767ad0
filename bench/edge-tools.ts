// What the edge benchmarks share: wrk rotating through a URL list (its own process, Lua script), the gateway started
// as its own process and timed to its first 200, resident memory of a process and its cluster workers, and a
// deterministic sample. Used by bench/edge.ts and bench/soak.ts.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveConfig } from '../config/resolve.ts';
import { workerExecArgv } from '../gateway/cluster.ts';
import { freePort } from '../test/helpers/redis-server.ts';

const run = promisify(execFile);

export interface Load {
  rps: number;
  p99: number;
  requests: number;
  errors: number;
  /** CPU used over the run, in % of one core: the watched server process with its cluster workers, and wrk. */
  cpu?: { server: number; wrk: number };
}

/** How a wrk run asks: `watch` (a server's pid) also measures the CPU each side used; `acceptEncoding` is sent with
 *  every request (default gzip, what browsers and most clients ask for; null: none, the identity bytes); `threads`:
 *  wrk's threads (default 2). */
export interface LoadOptions { watch?: number; acceptEncoding?: string | null; threads?: number }

/** wrk over `paths` (rotated) at `connections`; p99 in ms. */
export async function wrkLoad(origin: string, paths: readonly string[], connections: number, duration: number,
  { watch, acceptEncoding = 'gzip', threads = 2 }: LoadOptions = {}): Promise<Load> {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'wrk-edge-')), 'rotate.lua');
  const headers = acceptEncoding === null ? '{}' : `{ ["Accept-Encoding"] = ${JSON.stringify(acceptEncoding)} }`;
  writeFileSync(script, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\n`
    + `request = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], ${headers})\nend\n`);
  const before = watch === undefined ? null : { server: _cpuTicks(watch), wrk: _reapedChildTicks(), at: performance.now() };
  const { stdout } = await run('wrk', ['-t', String(threads), '-c', String(connections), '-d', `${duration}s`, '--latency', '-s', script, `${origin}${paths[0]}`],
    { timeout: (duration + 60) * 1000 });
  // wrk is the only child of this process that ends during the run: the reaped children's CPU that grew is its own
  const cpu = before && { server: _percent(_cpuTicks(watch!) - before.server, before.at), wrk: _percent(_reapedChildTicks() - before.wrk, before.at) };
  const m = stdout.match(/^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m);
  const p99 = m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : NaN;
  const errors = Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0)
    + (stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
  return { rps: Math.round(Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)), p99: Number(p99.toFixed(2)), requests: Number(stdout.match(/(\d+) requests in/)?.[1] ?? 0), errors,
    ...(cpu ? { cpu } : {}) };
}

/**
 * The most a second worker can add on this machine, as a ratio to one worker's rate, from what the one-worker run
 * used: each request costs the gateway and wrk together `(server + wrk) / rate` of a core, and the machine has
 * `cores`, so even perfect scaling cannot reach more than `cores × 100 / (server + wrk)` times the one-worker rate.
 * With wrk on the same cores, the faster the gateway (the larger wrk's share of each request), the lower this is.
 */
export function workerScalingCeiling(oneWorker: { server: number; wrk: number }, cores: number): number {
  const used = oneWorker.server + oneWorker.wrk;
  return used > 0 ? (cores * 100) / used : NaN;
}

/** Clock ticks (1/100 s on Linux) of user + system CPU of `pid` and its children (cluster workers). */
function _cpuTicks(pid: number): number {
  const ticks = (p: number) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return 0;
    }
  };
  return ticks(pid) + _childrenOf(pid).reduce((n, c) => n + ticks(c), 0);
}

/** CPU ticks of this process's children that have ended and been waited for (cutime + cstime). */
function _reapedChildTicks(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

/** `ticks` (1/100 s of CPU) as % of one core since `since`, to 0.1. */
function _percent(ticks: number, since: number): number {
  return Math.round((ticks / ((performance.now() - since) / 1000)) * 10) / 10;
}

function _childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** gateway/server.ts in its own process; resolves at its first 200 with the time it took. A single-process gateway
 *  runs with the heap cap the cluster gives each worker (WORKER_HEAP_MB), so it is measured as a worker runs. */
export async function startGateway(workers: number, basePath: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const flags = workers === 1 ? workerExecArgv([], resolveConfig({}, { ...process.env, ...env }).workerHeapMb) : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', 'gateway/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers), RATE_LIMIT_ANON: '1000000000', RATE_LIMIT_KEY: '1000000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // every worker listening (the primary announces it once all do), not just the first to answer
  const allListening = _says(child, /listening on/, `gateway (${workers} workers)`);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway (${workers} workers) exited at start`);
    const ok = await fetch(`${origin}${basePath}/`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = Math.round(performance.now() - started);
  await allListening;
  return { origin, port, child, startMs, allMs: Math.round(performance.now() - started) };
}

/** bench/bare-node.ts in its own process, holding the gateway's answers (at `from`) to `paths` in `acceptEncoding`. */
export async function startBareNode(from: string, paths: readonly string[], acceptEncoding = 'gzip') {
  const port = await freePort();
  const list = path.join(mkdtempSync(path.join(tmpdir(), 'bare-node-')), 'urls.txt');
  writeFileSync(list, `${paths.join('\n')}\n`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-node.ts'], {
    env: { ...process.env, PORT: String(port), BARE_URLS: list, BARE_FROM: from, BARE_ACCEPT: acceptEncoding },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await _says(child, /listening/, 'bench/bare-node.ts');
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** Resolves once `child`'s standard output so far matches `pattern`; rejects if it exits first. */
function _says(child: ChildProcess, pattern: RegExp, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (pattern.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before saying ${pattern}`)));
  });
}

/** Resident memory (MB) of a process and its children (cluster workers). */
export function rssMb(pid: number): number {
  const kb = (p: number) => Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round((kb(pid) + _childrenOf(pid).reduce((n, c) => n + kb(c), 0)) / 1024);
}

/** Deterministic sample (a fixed-step walk, no randomness to seed). */
export function sample<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}

