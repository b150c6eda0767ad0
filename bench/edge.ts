// Edge benchmark, every figure a ratio from one run on this machine: nginx (the configuration the build
// writes, one worker) vs the gateway (one worker) on the same canonical files at 8 and 64 connections, with a bare
// node:http server sending the gateway's answers from memory as the yardstick of Node's own cost; 1 vs 2 gateway
// workers; filtered pages with and without the answer cache; labelled pages and documents (labels=1); start time
// to the first 200 and RSS; Datasette on the same filtered queries when DATASETTE_URL names one (bench/datasette.ts). Load from wrk
// (2 threads, its own process) rotating through the URL lists with Accept-Encoding: gzip (the Datasette rows also
// without: Datasette sends identity bytes only). Only 127.0.0.1 is driven.
//   SITE_DIR=… CURSOR_SECRET=… [BENCH_SECONDS=5] [DATASETTE_URL=…] npx tsx bench/edge.ts      (make bench-edge)
import type { ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ExportManifest } from '../export/layout.ts';
import { canonicalUrls } from '../export/canonical-urls.ts';
import { nginxSiteConfig } from '../build/host/nginx.ts';
import { resolveConfig } from '../config/resolve.ts';
import { basePathOf } from '../gateway/routes/routing.ts';
import { startNginx } from '../test/helpers/nginx-server.ts';
import { freePort } from '../test/helpers/redis-server.ts';
import { datasetteRows } from './datasette.ts';
import { writeEdgeTable } from './output.ts';
import { rssMb, sample, startBareNode, startGateway, workerScalingCeiling, wrkLoad, type LoadOptions } from './edge-tools.ts';
import { variedFilteredPaths } from './gateway.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const config = resolveConfig({ rateLimitAnon: 1e9, rateLimitKey: 1e9 });
const exportDir = realpathSync(path.join(config.siteRoot, 'current'));
const manifest = JSON.parse(readFileSync(path.join(exportDir, '_manifest.json'), 'utf8')) as ExportManifest;
const basePath = basePathOf(config.baseUrl);

const wrk = (origin: string, paths: readonly string[], connections: number, duration = seconds, options: LoadOptions = {}) =>
  wrkLoad(origin, paths, connections, duration, options);
// every process started is stopped at the end, also when a later one fails to start (no gateway left running)
const started: { child: ChildProcess }[] = [];
const begin = async <T extends { child: ChildProcess }>(server: Promise<T>) => {
  const s = await server;
  started.push(s);
  return s;
};
const rows: [string, string, string, string, string][] = [];
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
try {
  const one = await begin(startGateway(1, basePath));
  const rssAfterStart = rssMb(one.child.pid!);
  const two = await begin(startGateway(2, basePath));
  const nginxPort = await freePort();
  nginx = await startNginx(nginxSiteConfig({
    exportDir, exportId: manifest.export_id, basePath, gateway: `127.0.0.1:${one.port}`, listen: `127.0.0.1:${nginxPort}`,
    serverName: 'localhost', refreshHourUtc: config.refreshHourUtc,
  }), nginxPort);
  // the engine measured in its own process with the answer cache turned off: one worker, and two (the default here,
  // which also compresses on each worker's event loop: COMPRESS_INLINE_KB)
  const uncached = await begin(startGateway(1, basePath, { ANSWER_CACHE_MB: '0' }));
  const uncachedTwo = await begin(startGateway(2, basePath, { ANSWER_CACHE_MB: '0' }));
  const urls = canonicalUrls(manifest);
  const firstPages = urls.filter((u) => u.file.endsWith('/index.json')).map((u) => `${basePath}${u.url}`);
  const files = sample(urls.filter((u) => !u.file.endsWith('/index.json')), 2000).map((u) => `${basePath}${u.url}`);
  const mixed = [...firstPages, ...files];
  const filtered = (await variedFilteredPaths(`${one.origin}${basePath}`)).map((p) => `${basePath}${p}`);
  const nginxOrigin = `http://127.0.0.1:${nginxPort}`;
  // the yardstick: Node's HTTP server alone, sending the gateway's own answers to the same URLs from memory
  const bare = await begin(startBareNode(one.origin, mixed));
  // one short pass over every target first: JIT, file caches and connection setup are not what is measured
  for (const [origin, paths] of [[nginxOrigin, mixed], [one.origin, mixed], [bare.origin, mixed], [two.origin, mixed], [one.origin, filtered],
    [uncached.origin, filtered], [uncachedTwo.origin, filtered]] as const) await wrk(origin, paths, 8, 1);
  for (const c of [8, 64]) {
    const n = await wrk(nginxOrigin, mixed, c);
    const g = await wrk(one.origin, mixed, c);
    const b = await wrk(bare.origin, mixed, c);
    rows.push([`same files (${mixed.length} canonical URLs), c${c}`, `nginx ${n.rps}/s p99 ${n.p99} ms`, `gateway ${g.rps}/s p99 ${g.p99} ms`,
      `${ratio(g.rps, n.rps)}× nginx`, `p99 ${ratio(g.p99, n.p99)}× nginx's; bare node:http (the gateway's answers from memory): `
      + `${b.rps}/s p99 ${b.p99} ms, ${ratio(b.rps, n.rps)}× nginx, the gateway ${ratio(g.rps, b.rps)}× it; errors ${n.errors}/${g.errors}/${b.errors}`]);
  }
  // what each side used of the two cores says whether a second worker had a core to use
  const cpu = (l: Awaited<ReturnType<typeof wrk>>) => `gateway ${l.cpu!.server} % + wrk ${l.cpu!.wrk} % of a core`;
  // wrk's own two threads make four busy threads on two cores with two workers; one wrk thread (which can drive more
  // than either gateway serves) leaves the workers more of the cores, so both are shown
  for (const threads of [2, 1]) {
    const w1 = await wrk(one.origin, mixed, 64, seconds, { watch: one.child.pid, threads });
    const w2 = await wrk(two.origin, mixed, 64, seconds, { watch: two.child.pid, threads });
    const cores = availableParallelism();
    rows.push([`1 vs 2 gateway workers, same files, c64, wrk -t${threads}`, `1: ${w1.rps}/s p99 ${w1.p99} ms`, `2: ${w2.rps}/s p99 ${w2.p99} ms`,
      `${ratio(w2.rps, w1.rps)}×`, `CPU 1: ${cpu(w1)}; 2: ${cpu(w2)}; the most two can give on ${cores} cores shared with `
      + `wrk: ${workerScalingCeiling(w1.cpu!, cores).toFixed(2)}× (workerScalingCeiling); errors ${w1.errors}/${w2.errors}`]);
  }
  for (const c of [8, 64]) {
    const cached = await wrk(one.origin, filtered, c);
    const engine = await wrk(uncached.origin, filtered, c);
    const engineTwo = await wrk(uncachedTwo.origin, filtered, c);
    rows.push([`filtered pages (${filtered.length} queries), c${c}`, `answer cache ${cached.rps}/s p99 ${cached.p99} ms`,
      `no cache ${engine.rps}/s p99 ${engine.p99} ms`, `${ratio(engine.rps, cached.rps)}× cached`,
      `no cache, 2 workers: ${engineTwo.rps}/s p99 ${engineTwo.p99} ms; errors ${cached.errors}/${engine.errors}/${engineTwo.errors}`]);
  }
  // names beside ids: the same filtered queries with labels=1, each page made again (no answer cache), and detail
  // documents with names (made from the document's file) against the files themselves
  const labelled = filtered.map((p) => `${p}&labels=1`);
  const details = sample(urls.filter((u) => /^api\/v1\/[^/]+\/[^/]+\.json$/.test(u.file) && !u.file.endsWith('/index.json')), 500)
    .map((u) => `${basePath}${u.url}`);
  const rssBeforeLabels = rssMb(uncached.child.pid!);
  await wrk(uncached.origin, labelled, 8, 1);
  const plainPages = await wrk(uncached.origin, filtered, 8);
  const labelledPages = await wrk(uncached.origin, labelled, 8);
  rows.push([`labels=1, filtered pages (${filtered.length} queries), no cache, c8`, `plain ${plainPages.rps}/s p99 ${plainPages.p99} ms`,
    `labelled ${labelledPages.rps}/s p99 ${labelledPages.p99} ms`, `${ratio(plainPages.rps, labelledPages.rps)}× the cost of a plain page`,
    `RSS of that worker ${rssBeforeLabels} MB before any labelled answer, ${rssMb(uncached.child.pid!)} MB after; errors ${plainPages.errors}/${labelledPages.errors}`]);
  const labelledDetails = details.map((p) => `${p}?labels=1`);
  await wrk(uncached.origin, labelledDetails, 8, 1);
  const plainDocs = await wrk(uncached.origin, details, 8);
  const labelledDocs = await wrk(uncached.origin, labelledDetails, 8);
  rows.push([`labels=1, detail documents (${details.length}), no cache, c8`, `file ${plainDocs.rps}/s p99 ${plainDocs.p99} ms`,
    `labelled ${labelledDocs.rps}/s p99 ${labelledDocs.p99} ms`, `${ratio(plainDocs.rps, labelledDocs.rps)}× the cost of the file`,
    `errors ${plainDocs.errors}/${labelledDocs.errors}`]);
  rows.push(['start to first 200', `1 worker ${one.startMs} ms`, `2 workers ${two.startMs} ms (all listening ${two.allMs} ms)`, '', 'caches warmed before listening']);
  rows.push(['RSS', `1 worker: ${rssAfterStart} MB after start`, `${rssMb(one.child.pid!)} MB after the load`, '',
    `2 workers (primary + workers): ${rssMb(two.child.pid!)} MB`]);
  // Datasette (run beside the bench, never installed by it) on the same queries as the engine without its cache
  rows.push(...await datasetteRows(process.env.DATASETTE_URL, { deployed: uncachedTwo.origin, oneWorker: uncached.origin }, basePath, filtered, wrk));
} finally {
  await nginx?.stop();
  for (const g of started) {
    if (g.child.exitCode !== null || g.child.signalCode !== null) continue;
    const exited = new Promise((r) => g.child.once('exit', r));
    g.child.kill('SIGTERM');
    await exited;
  }
}
const table = [
  `export ${manifest.export_id} (${Object.keys(manifest.files).length} files), ${seconds} s per run, wrk -t2, Accept-Encoding: gzip (the Datasette rows: none, unless said)`,
  '| measurement | A | B | ratio | notes |', '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
console.log(table);
writeEdgeTable(table);
