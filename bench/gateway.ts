// Gateway load benchmark: serves whatever export `<siteRoot>/current` holds on a random loopback port
// (node:http + h3's toNodeHandler, rate limits raised out of the way) and drives (a) a canonical page, (b) a
// filtered page and (c) a deep cursor page, reporting requests/s and p50/p99 latency. The load comes from wrk in
// a second process when wrk is installed (apt-get install wrk), so the client does not share the server's event
// loop; otherwise from keep-alive fetch clients in this process. Only 127.0.0.1 is ever driven.
// `benchGateway` is called by bench/run.ts; `tsx bench/gateway.ts` runs it alone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path_ from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { toNodeHandler } from 'h3';
import { resolveConfig } from '../config/resolve.ts';
import { createApp } from '../gateway/app.ts';
import { basePathOf } from '../gateway/routes/routing.ts';
import { createExportHolder } from '../export/serve/export-holder.ts';
import { routesOfKind } from '../api/routes.ts';

export interface GatewayBenchOptions {
  siteRoot: string;
  /** Seconds of load per scenario (default 10). */
  seconds?: number;
  /** Concurrent connections (default 8). */
  concurrency?: number;
  /** Cursor secret the site was built with (default: resolved from the environment like the server does). */
  cursorSecret?: string;
}

export interface ScenarioResult {
  scenario: string;
  path: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanBodyBytes: number;
}

export type GatewayBenchResult =
  | { exportId: string; concurrency: number; seconds: number; loadGenerator: string; scenarios: ScenarioResult[] }
  | { skipped: string };

/** Run the three scenarios against the export in `siteRoot/current`. */
export async function benchGateway(options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const seconds = options.seconds ?? 10;
  const concurrency = options.concurrency ?? 8;
  const config = resolveConfig({
    siteRoot: options.siteRoot, host: '127.0.0.1', port: 0, rateLimitAnon: 1e9, rateLimitKey: 1e9,
    ...(options.cursorSecret ? { cursorSecret: options.cursorSecret } : {}),
  });
  const cached = await _serve(config, undefined);
  if (!cached) return { skipped: `no export published under ${config.siteRoot}/current` };
  // a second server without the answer cache, so the engine itself is measured on varied filtered queries
  const uncached = (await _serve(config, 0))!;
  try {
    const paths = await _pickPaths(cached.base, cached.site.tables);
    const scenarios: ScenarioResult[] = [];
    const useWrk = spawnSync('wrk', ['--version']).error === undefined;
    for (const [scenario, path] of paths) {
      scenarios.push(useWrk ? await _driveWrk(scenario, cached.base, path, seconds, concurrency)
        : await _drive(scenario, cached.base, path, seconds, concurrency));
    }
    if (useWrk) {
      const varied = await variedFilteredPaths(uncached.base);
      scenarios.push(await _driveWrk(`filtered pages, engine (${varied.length} distinct queries, no answer cache)`,
        uncached.base, varied[0]!, seconds, concurrency, varied));
    }
    return { exportId: cached.site.exportId, concurrency, seconds, loadGenerator: useWrk ? 'wrk' : 'in-process fetch', scenarios };
  } finally {
    await cached.close();
    await uncached.close();
  }
}

/** The gateway on a random loopback port; `answerCacheBytes` 0 turns the answer cache off. */
export async function _serve(config: ReturnType<typeof resolveConfig>, answerCacheBytes: number | undefined) {
  const holder = createExportHolder(config.siteRoot, {
    cursorSecret: config.cursorSecret, ...(answerCacheBytes === undefined ? {} : { answerCacheBytes }),
  });
  await holder.refresh();
  const site = holder.current();
  if (!site) return null;
  const app = createApp({ config, site: holder, log: () => {} });
  const server = createServer(toNodeHandler(app));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePathOf(config.baseUrl)}`;
  return {
    site, base,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Hundreds of distinct filtered communications queries: each member's office, by method and by month ranges. */
export async function variedFilteredPaths(base: string): Promise<string[]> {
  const people = (await (await fetch(`${base}/people?role=member_of_council&limit=500`)).json()) as { data: { id: number }[] };
  const methods = ['meeting', 'call', 'email', 'written', 'other'];
  const paths: string[] = [];
  for (const [i, p] of people.data.entries()) {
    paths.push(`/communications?member=${p.id}`);
    paths.push(`/communications?member=${p.id}&method=${methods[i % methods.length]}&limit=50`);
  }
  for (let year = 2008; year <= 2026; year++) {
    for (const month of ['01', '04', '07', '10']) {
      paths.push(`/communications?from=${year}-${month}-01&to=${year}-${month}-28&office_holder_type=member_of_council`);
    }
  }
  return paths;
}

/** Choose the largest list resource; its first enum filter value with rows; and a cursor deep into a limit-50 walk. */
async function _pickPaths(base: string, tables: ReadonlyMap<string, { size: number }>): Promise<[string, string][]> {
  const lists = routesOfKind('list').filter((r) => tables.has(r.id));
  if (lists.length === 0) throw new Error('the export has no list data');
  const route = lists.reduce((a, b) => ((tables.get(b.id)!.size > tables.get(a.id)!.size) ? b : a));
  const canonical = route.path;

  let filtered = `${route.path}?limit=50`;
  search: for (const param of route.params.filter((p) => p.enum)) {
    for (const value of param.enum!) {
      const p = `${route.path}?${new URLSearchParams({ [param.name]: value })}`;
      const body = (await (await fetch(base + p)).json()) as { data?: unknown[] };
      if (body.data && body.data.length > 0) {
        filtered = p;
        break search;
      }
    }
  }

  // Walk up to 200 pages of 50 so the deep page is answered by the engine (not a precomputed canonical file).
  let deep = `${route.path}?limit=50`;
  for (let page = 0; page < 200; page++) {
    const body = (await (await fetch(base + deep)).json()) as { next_cursor?: string | null };
    if (!body.next_cursor) break;
    deep = `${route.path}?limit=50&cursor=${body.next_cursor}`;
  }
  return [['canonical page', canonical], ['filtered page', filtered], ['deep cursor page', deep]];
}

/** `concurrency` clients, each sending its next request when the previous answer has been read, for `seconds`. */
async function _drive(scenario: string, base: string, path: string, seconds: number, concurrency: number)
  : Promise<ScenarioResult> {
  const url = base + path;
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('the bench only drives loopback');
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await fetch(url);
        const body = await res.arrayBuffer();
        if (res.status !== 200) errors++;
        bytes += body.byteLength;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2));
  return {
    scenario, path: path.length > 120 ? `${path.slice(0, 117)}…` : path, requests: latencies.length, errors,
    requestsPerSecond: Math.round(latencies.length / elapsed), p50Ms: pct(0.5), p99Ms: pct(0.99),
    meanBodyBytes: Math.round(bytes / Math.max(1, latencies.length)),
  };
}

/** wrk in its own process: `concurrency` keep-alive connections on 2 threads; latency percentiles from --latency. */
async function _driveWrk(scenario: string, base: string, path: string, seconds: number, concurrency: number,
  rotate?: readonly string[]): Promise<ScenarioResult> {
  const url = base + path;
  const args = ['-t', '2', '-c', String(concurrency), '-d', `${seconds}s`, '--latency'];
  if (rotate) {
    // wrk's Lua hook sends the listed paths in turn, so each request is a different query
    const prefix = new URL(base).pathname;
    const script = path_.join(mkdtempSync(path_.join(tmpdir(), 'wrk-')), 'rotate.lua');
    writeFileSync(script, `local paths = {${rotate.map((p) => JSON.stringify(prefix + p)).join(',')}}\n` +
      'local i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1])\nend\n');
    args.push('-s', script);
  }
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error('the bench only drives loopback');
  // wrk runs synchronously in a child while this process keeps serving: run it asynchronously via a promise
  const out = await new Promise<string>((resolve, reject) => {
    import('node:child_process').then(({ execFile }) => execFile('wrk',
      [...args, url],
      { timeout: (seconds + 30) * 1000 }, (error, stdout) => (error ? reject(error) : resolve(stdout))));
  });
  const ms = (label: string): number => {
    const m = out.match(new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
    if (!m) return NaN;
    const v = Number(m[1]);
    return Number((m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v).toFixed(2));
  };
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  const errors = non2xx + Number(out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/)?.slice(1).reduce((a, b) => a + Number(b), 0) ?? 0);
  const bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
  return {
    scenario, path: path.length > 120 ? `${path.slice(0, 117)}…` : path, requests, errors,
    requestsPerSecond: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)),
    p50Ms: ms('50'), p99Ms: ms('99'), meanBodyBytes: bytes,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const siteRoot = process.argv[2] ?? resolveConfig().siteRoot;
  console.log(JSON.stringify(await benchGateway({ siteRoot, seconds: Number(process.env.BENCH_SECONDS ?? 10) }), null, 2));
}
