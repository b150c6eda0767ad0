// Edge benchmark (issue 14), every figure a ratio from one run on this machine: nginx (the configuration the build
// writes, one worker) vs the gateway (one worker) on the same canonical files at 8 and 64 connections; 1 vs 2 gateway
// workers; filtered pages with and without the answer cache; start time to the first 200 and RSS; Datasette on the
// same filtered queries when DATASETTE_URL names one (bench/datasette.ts). Load from wrk
// (2 threads, its own process) rotating through the URL lists with Accept-Encoding: gzip. Only 127.0.0.1 is driven.
//   SITE_DIR=… CURSOR_SECRET=… [BENCH_SECONDS=5] [DATASETTE_URL=…] npx tsx bench/edge.ts      (make bench-edge)
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SiteManifest } from '../api/site-layout.ts';
import { canonicalUrls } from '../build/host/canonical-urls.ts';
import { nginxSiteConfig } from '../build/host/nginx.ts';
import { resolveConfig } from '../config/resolve.ts';
import { basePathOf } from '../gateway/utils/routing.ts';
import { startNginx } from '../test/helpers/nginx-server.ts';
import { freePort } from '../test/helpers/redis-server.ts';
import { datasetteRows } from './datasette.ts';
import { _serve, _variedFilteredPaths } from './gateway.ts';

const run = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const config = resolveConfig({ rateLimitAnon: 1e9, rateLimitKey: 1e9 });
const exportDir = realpathSync(path.join(config.siteRoot, 'current'));
const manifest = JSON.parse(readFileSync(path.join(exportDir, '_manifest.json'), 'utf8')) as SiteManifest;
const basePath = basePathOf(config.baseUrl);

interface Load { rps: number; p99: number; requests: number; errors: number }

/** wrk over `paths` (rotated) at `connections`; p99 in ms. */
async function wrk(origin: string, paths: readonly string[], connections: number, duration = seconds): Promise<Load> {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'wrk-edge-')), 'rotate.lua');
  writeFileSync(script, `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\n`
    + 'request = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], { ["Accept-Encoding"] = "gzip" })\nend\n');
  const { stdout } = await run('wrk', ['-t', '2', '-c', String(connections), '-d', `${duration}s`, '--latency', '-s', script, `${origin}${paths[0]}`],
    { timeout: (duration + 60) * 1000 });
  const m = stdout.match(/^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m);
  const p99 = m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : NaN;
  const errors = Number(stdout.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0)
    + (stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
  return { rps: Math.round(Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)), p99: Number(p99.toFixed(2)), requests: Number(stdout.match(/(\d+) requests in/)?.[1] ?? 0), errors };
}

/** gateway/server.ts in its own process; resolves at its first 200 with the time it took. */
async function startGateway(workers: number) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers), RATE_LIMIT_ANON: '1000000000', RATE_LIMIT_KEY: '1000000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // every worker listening (the primary announces it once all do), not just the first to answer
  let out = '';
  const allListening = new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (/listening on/.test(out)) resolve();
  }));
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

/** Resident memory (MB) of a process and its children (cluster workers). */
function rssMb(pid: number): number {
  const kb = (p: number) => Number(readFileSync(`/proc/${p}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch { /* no children file */ }
  return Math.round((kb(pid) + children.reduce((n, c) => n + kb(c), 0)) / 1024);
}

/** Deterministic sample (a fixed-step walk, no randomness to seed). */
function sample<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  const step = items.length / n;
  return Array.from({ length: n }, (_, i) => items[Math.floor(i * step)]!);
}

const one = await startGateway(1);
const rssAfterStart = rssMb(one.child.pid!);
const two = await startGateway(2);
const nginxPort = await freePort();
const nginx = await startNginx(nginxSiteConfig({
  exportDir, exportId: manifest.export_id, basePath, gateway: `127.0.0.1:${one.port}`, listen: `127.0.0.1:${nginxPort}`,
  serverName: 'localhost', refreshHourUtc: config.refreshHourUtc,
}), nginxPort);
const uncached = (await _serve(config, 0))!;
const rows: [string, string, string, string, string][] = [];
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
try {
  const urls = canonicalUrls(manifest);
  const firstPages = urls.filter((u) => u.file.endsWith('/index.json')).map((u) => `${basePath}${u.url}`);
  const files = sample(urls.filter((u) => !u.file.endsWith('/index.json')), 2000).map((u) => `${basePath}${u.url}`);
  const mixed = [...firstPages, ...files];
  const filtered = (await _variedFilteredPaths(`${one.origin}${basePath}`)).map((p) => `${basePath}${p}`);
  const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
  // one short pass over every target first: JIT, file caches and connection setup are not what is measured
  for (const [origin, paths] of [[nginxOrigin, mixed], [one.origin, mixed], [two.origin, mixed], [one.origin, filtered],
    [new URL(uncached.base).origin, filtered]] as const) await wrk(origin, paths, 8, 1);
  for (const c of [8, 64]) {
    const n = await wrk(nginxOrigin, mixed, c);
    const g = await wrk(one.origin, mixed, c);
    rows.push([`same files (${mixed.length} canonical URLs), c${c}`, `nginx ${n.rps}/s p99 ${n.p99} ms`, `gateway ${g.rps}/s p99 ${g.p99} ms`,
      `${ratio(g.rps, n.rps)}× nginx`, `p99 ${ratio(g.p99, n.p99)}× nginx's; errors ${n.errors}/${g.errors}`]);
  }
  const w1 = await wrk(one.origin, mixed, 64);
  const w2 = await wrk(two.origin, mixed, 64);
  rows.push(['1 vs 2 gateway workers, same files, c64', `1: ${w1.rps}/s p99 ${w1.p99} ms`, `2: ${w2.rps}/s p99 ${w2.p99} ms`, `${ratio(w2.rps, w1.rps)}×`, `errors ${w1.errors}/${w2.errors}`]);
  for (const c of [8, 64]) {
    const cached = await wrk(one.origin, filtered, c);
    const engine = await wrk(new URL(uncached.base).origin, filtered, c);
    rows.push([`filtered pages (${filtered.length} queries), c${c}`, `answer cache ${cached.rps}/s p99 ${cached.p99} ms`,
      `no cache ${engine.rps}/s p99 ${engine.p99} ms`, `${ratio(engine.rps, cached.rps)}× cached`, `errors ${cached.errors}/${engine.errors}`]);
  }
  rows.push(['start to first 200', `1 worker ${one.startMs} ms`, `2 workers ${two.startMs} ms (all listening ${two.allMs} ms)`, '', 'caches warmed before listening']);
  rows.push(['RSS', `1 worker: ${rssAfterStart} MB after start`, `${rssMb(one.child.pid!)} MB after the load`, '',
    `2 workers (primary + workers): ${rssMb(two.child.pid!)} MB`]);
  // Datasette (run beside the bench, never installed by it) on the same queries as the engine without its cache
  rows.push(...await datasetteRows(process.env.DATASETTE_URL, new URL(uncached.base).origin, basePath, filtered, wrk));
} finally {
  await nginx.stop();
  await uncached.close();
  for (const g of [one, two]) {
    g.child.kill('SIGTERM');
    await new Promise((r) => g.child.once('exit', r));
  }
}
const table = [
  `export ${manifest.export_id} (${Object.keys(manifest.files).length} files), ${seconds} s per run, wrk -t2, Accept-Encoding: gzip`,
  '| measurement | A | B | ratio | notes |', '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(table);
writeFileSync(path.resolve('.tmp', 'bench-edge.md'), `${table}\n`);
