// Cold-start benchmark: starts the gateway in a child process (gateway/server.ts, with or without its warm-up) over
// the export in SITE_DIR/current, and the moment it listens fires a burst of concurrent keep-alive clients at a mix
// of the requests clients start with (static documents, canonical first and later pages, detail documents, a few
// filtered pages; br/gzip accepted), then the same burst again once warm. Reports start-up time and the latency of
// each burst (p50/p99/max). Only 127.0.0.1 is driven.
//   SITE_DIR=… CURSOR_SECRET=… [CONNECTIONS=200 REQUESTS=5] npx tsx bench/cold-start.ts
// The machine is shared in development: run it several times and compare medians.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { routesOfKind } from '../api/routes.ts';
import { exportLayout, type ExportManifest } from '../export/layout.ts';
import { startServer } from '../gateway/server.ts';

interface Burst { requests: number; errors: number; p50Ms: number; p99Ms: number; maxMs: number; seconds: number; serverCpuSeconds: number | null }

if (process.argv[2] === '--serve') {
  // the child: one gateway, warm or not, on the given port
  await startServer(process.env, { warm: process.argv[3] !== 'cold', signals: true });
} else {
  const siteRoot = path.resolve(process.env.SITE_DIR ?? 'site');
  const connections = Number(process.env.CONNECTIONS ?? 200);
  const perConnection = Number(process.env.REQUESTS ?? 5);
  const paths = pickPaths(siteRoot, connections * perConnection);
  const results: Record<string, unknown> = { siteRoot, connections, requestsPerConnection: perConnection };
  // The client's own first burst is slow too (fetch compiled, connections set up); it is paid here, against a
  // trivial server, so the figures below are the gateway's.
  await warmClient(paths, connections);
  for (const mode of ['cold', 'warm'] as const) results[mode === 'cold' ? 'withoutWarmUp' : 'withWarmUp'] = await run(mode, siteRoot, paths, connections);
  console.log(JSON.stringify(results, null, 2));
}

async function run(mode: 'cold' | 'warm', siteRoot: string, paths: string[], connections: number) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cold-start.ts', '--serve', mode], {
    env: { ...process.env, SITE_DIR: siteRoot, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_ANON: '100000000' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => { if (d.toString().includes('listening on')) resolve(); });
    child.once('exit', (code) => reject(new Error(`gateway exited (${code}) before listening`)));
  });
  const startupSeconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const base = `http://127.0.0.1:${port}/api/v1`;
  try {
    // Node's fetch opens a keep-alive connection per concurrent request to one origin (no per-origin cap)
    const first = await burst(base, paths, connections, child.pid);
    const second = await burst(base, paths, connections, child.pid);
    return { startupSeconds, firstBurst: first, secondBurst: second };
  } finally {
    child.kill('SIGTERM');
  }
}

/** `connections` clients, each sending its share of `paths` one after the other. */
async function burst(base: string, paths: string[], connections: number, serverPid?: number): Promise<Burst> {
  const cpuBefore = cpuSeconds(serverPid);
  const latencies: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, async (_, c) => {
    for (let i = c; i < paths.length; i += connections) {
      const start = performance.now();
      try {
        const res = await fetch(base + paths[i], { headers: { 'accept-encoding': 'gzip, deflate, br' } });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  }));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1));
  const cpuAfter = cpuSeconds(serverPid);
  return {
    requests: latencies.length, errors, p50Ms: pct(0.5), p99Ms: pct(0.99), maxMs: pct(1), seconds: Number(((performance.now() - t0) / 1000).toFixed(2)),
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : Number((cpuAfter - cpuBefore).toFixed(2)),
  };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); the figure other load on the machine does
 *  not inflate, unlike latencies. */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** A deterministic mix of `n` requests drawn from the export's own files. */
function pickPaths(siteRoot: string, n: number): string[] {
  const manifest = JSON.parse(readFileSync(path.join(siteRoot, 'current', '_manifest.json'), 'utf8')) as ExportManifest;
  const files = Object.keys(manifest.files).sort();
  const pool: string[] = ['/', '/openapi.json', '/topics'];
  for (const route of routesOfKind('list')) {
    if (route.params.some((p) => p.required)) continue;
    pool.push(route.path, `${route.path}?limit=50`);
    const pagesDir = `${path.dirname(exportLayout.listPage(route.resource, 'cursor'))}/`;
    const pages = files.filter((f) => f.startsWith(pagesDir)).slice(0, 3);
    for (const f of pages) pool.push(`${route.path}?cursor=${path.basename(f, '.json')}`);
  }
  for (const route of routesOfKind('detail')) {
    const docs = files.filter((f) => f.startsWith(`api/v1/${route.resource}/`) && !f.slice(`api/v1/${route.resource}/`.length).includes('/'));
    for (let i = 0; i < docs.length && i < 400; i += Math.max(1, Math.floor(docs.length / 40))) {
      const key = path.basename(docs[i]!, '.json');
      if (key !== 'index') pool.push(`${route.path.replace('/{id}', '')}/${key}`);
    }
  }
  // a fixed shuffle (mulberry32), so every run sends the same requests in the same order
  let seed = 20261124;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, () => pool[Math.floor(rand() * pool.length)]!);
}

async function warmClient(paths: string[], connections: number): Promise<void> {
  const body = Buffer.alloc(2048, 'x');
  const server = createHttpServer((_req, res) => res.end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  for (let round = 0; round < 3; round++) await burst(base, paths, connections);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
