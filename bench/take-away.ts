// Whole-answer benchmark (`make bench-take-away`): over the built site (SITE_DIR, default site/), the gateway as
// deployed (gateway/server.ts, one worker, in its own process) answers a filtered communications list as CSV and as
// JSON Lines, every matching row (TAKE_AWAY_ROWS, default 100,000: the `from` date whose answer is nearest it, found
// with the engine over the same export). Measured per form, over BENCH_RUNS downloads (default 3) read as fast as
// loopback allows: bytes, seconds, MB/s (10^6 bytes); the gateway's CPU seconds for the download (/proc/<pid>/stat), so
// MB per CPU-second, what it streams with a core of its own whatever else the machine runs; and its RSS
// (/proc/<pid>/status, sampled every 20 ms) above what it held before the download, after one small whole answer of
// each form had warmed the route. Figures go to
// .tmp/bench-take-away.md and, reviewed, docs/benchmarks-take-away.md.
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { writeTakeAwayTable } from './output.ts';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseListQuery } from '../api/query/params.ts';
import { routes } from '../api/routes.ts';
import type { ListRoute } from '../api/routes/types.ts';
import { resolveConfig } from '../config/resolve.ts';
import { openExport } from '../export/serve/open-export.ts';

const config = resolveConfig({}, process.env);
const wanted = Number(process.env.TAKE_AWAY_ROWS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const exportDir = realpathSync(path.join(config.siteRoot, 'current'));
const route = routes.find((r) => r.id === 'communications.list') as ListRoute;

// the filter: the `from` date whose answer is nearest the wanted size (the engine over this export, in this process)
const opened = await openExport(exportDir, { cursorSecret: config.cursorSecret });
const table = opened.tables.get(route.id)!;
const countFrom = (from: string) => table.matchingRows(parseListQuery(route, new URLSearchParams({ from }), opened.ctx), 1e9).length;
let lo = new Date('2000-01-01').getTime();
let hi = new Date(`${opened.manifest.export_date}T00:00:00Z`).getTime();
while (hi - lo > 86_400_000) {
  const mid = lo + Math.floor((hi - lo) / 2 / 86_400_000) * 86_400_000;
  if (countFrom(_day(mid)) >= wanted) lo = mid;
  else hi = mid;
}
const from = _day(Math.abs(countFrom(_day(lo)) - wanted) <= Math.abs(countFrom(_day(hi)) - wanted) ? lo : hi);
const rows = countFrom(from);
console.log(`communications?from=${from}: ${rows} rows of ${table.size}`);

// the gateway, as deployed, in its own process
const port = await _freePort();
const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/server.ts'], {
  env: {
    ...process.env, SITE_DIR: config.siteRoot, PORT: String(port), HOST: '127.0.0.1', WORKERS: '1', BASE_URL: `http://127.0.0.1:${port}/api/v1`,
    RATE_LIMIT_ANON: '1000000000', RATE_LIMIT_KEY: '1000000000', TAKE_AWAY_MAX_ROWS: String(Math.max(rows, 250_000)),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}/api/v1`;
try {
  await _ready(`${base}/`);
  // warm the route: its table, the records' file and the code paths, with a small whole answer of each form
  for (const format of ['csv', 'jsonl']) await _download(`${base}/communications?from=${opened.manifest.export_date.slice(0, 4)}-01-01&format=${format}`);
  await sleep(2000);
  const results: Record<string, { bytes: number; seconds: number[]; cpu: number[]; rise: number[] }> = {};
  for (const format of ['csv', 'jsonl']) {
    const result = results[format] = { bytes: 0, seconds: [] as number[], cpu: [] as number[], rise: [] as number[] };
    for (let i = 0; i < runs; i++) {
      const before = _rss(child.pid!);
      let peak = before;
      const sampler = setInterval(() => { peak = Math.max(peak, _rss(child.pid!)); }, 20);
      const started = performance.now();
      const cpuBefore = _cpuSeconds(child.pid!);
      result.bytes = await _download(`${base}/communications?from=${from}&format=${format}`);
      result.seconds.push((performance.now() - started) / 1000);
      result.cpu.push(_cpuSeconds(child.pid!) - cpuBefore);
      clearInterval(sampler);
      peak = Math.max(peak, _rss(child.pid!));
      result.rise.push(peak - before);
      console.log(`${format} #${i + 1}: ${_mb(result.bytes)} MB in ${result.seconds.at(-1)!.toFixed(2)} s (gateway CPU ${result.cpu.at(-1)!.toFixed(2)} s), RSS ${_mb(before)} → ${_mb(peak)} MB`);
      await sleep(1000);
    }
  }
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  const lines = [
    `Site: ${exportDir} (export ${opened.exportId}; communications: ${table.size} rows). Query: \`/communications?from=${from}&format=…\`,`,
    `${rows} rows. Gateway: gateway/server.ts, WORKERS=1, in its own process; client: node:http over loopback, reading as`,
    `fast as it can. ${runs} downloads per form; load average at the end ${load} on ${_cores()} cores.`,
    '',
    '| form | bytes | seconds (median) | MB/s (median) | MB/s (best) | gateway CPU s (median) | MB per CPU-second | RSS rise (largest), MB |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(results).map(([format, r]) => {
      const median = _median(r.seconds);
      const cpu = _median(r.cpu);
      return `| ${format} | ${r.bytes.toLocaleString('en')} | ${median.toFixed(2)} | ${(r.bytes / 1e6 / median).toFixed(1)} | ` +
        `${(r.bytes / 1e6 / Math.min(...r.seconds)).toFixed(1)} | ${cpu.toFixed(2)} | ${(r.bytes / 1e6 / cpu).toFixed(1)} | ${_mb(Math.max(...r.rise))} |`;
    }),
  ];
  writeTakeAwayTable(lines.join('\n'));
  console.log(`\n${lines.join('\n')}\n\nwritten to .tmp/bench-take-away.md`);
} finally {
  child.kill('SIGTERM');
}

function _median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The process's user and system CPU time so far, in seconds (clock ticks of 1/100 s, Linux's USER_HZ). */
function _cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function _day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function _mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

function _cores(): number {
  return readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
}

/** The process's resident set in bytes. */
function _rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Every byte of a GET, discarded as it arrives; the byte count (a non-200 fails). */
function _download(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => { bytes += chunk.byteLength; });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function _ready(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('the gateway did not start within 120 s');
}

function _freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
