// Search benchmark (`make bench-search`): over the built site (SITE_DIR, default site/: what `make build` publishes), (1) the
// index build of every searchable list in this process as the night's build makes its search files, its time, and
// the opening of those files as a gateway worker does, its time and the memory it adds; (2) the gateway as deployed
// (gateway/server.ts in its own process, answer cache off, rate limits out of the way), one worker then two, under wrk
// at 8 connections over a 500-query mix of /search and a 500-query mix of list `search`, with each worker's start,
// first search (its search files opened) and RSS (read also after as long a load without search, what search adds
// being read from there); (3) the same two mixes against bench/search-fts5-server.ts (FTS5 through
// better-sqlite3, answering a list's search with the same page of records), one process; and, as the baseline list
// search is held to, the same lists' pages under their plain filters. Each measured run also gives the CPU the server
// used per answer and the share of the cores wrk took: on this machine wrk runs on the same cores, so the rate alone
// understates what the server does with cores of its own. Queries are drawn from the lists' own words: single words,
// two words, phrases, prefixes, exclusions. Figures go to .tmp/bench-search.md and, reviewed, docs/benchmarks-search.md.
import { spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../config/resolve.ts';
import { routesOfKind } from '../api/routes.ts';
import { SEARCH_SOURCES } from '../api/search/documents.ts';
import { exportLayout } from '../export/layout.ts';
import { openSearchFile, searchFileBytes, searchFileDocs, type SearchFile } from '../export/search-file.ts';
import { rssMb, startGateway, wrkLoad, type Load } from './edge-tools.ts';
import { writeSearchTable } from './output.ts';

const siteRoot = resolveConfig({}, process.env).siteRoot;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const cores = availableParallelism();
/** Each server runs each mix this long first, unmeasured: what a server that has been up a while has compiled and
 *  worked out once (JIT, each word's block bounds, the texts' postings) is then in place for every server alike. */
const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 3);
const exportDir = realpathSync(path.join(siteRoot, 'current'));
const files = SEARCH_SOURCES.map((s) => ({ source: s, file: searchFileDocs(readFileSync(path.join(exportDir, exportLayout.searchIndex(s.resource)))) }));

// (1) the index build, as the night's build makes the search files; their opening, as a gateway worker does
const buildStarted = performance.now();
const written = files.map(({ source, file }) => searchFileBytes(file, source.fields.map((f) => f.weight)));
const buildMs = Math.round(performance.now() - buildStarted);
global.gc?.();
const before = process.memoryUsage();
const started = performance.now();
const built = SEARCH_SOURCES.map((s) => openSearchFile(readFileSync(path.join(exportDir, exportLayout.searchIndex(s.resource)))).index);
const openMs = Math.round(performance.now() - started);
global.gc?.();
const after = process.memoryUsage();
const rows = files.reduce((n, f) => n + f.file.rows.length, 0);
const tokens = built.reduce((n, i) => n + i.totalTokens, 0);
const fileMb = written.reduce((n, b) => n + b.byteLength, 0);

// (2)-(3) the query mixes
const lists = files.filter((f) => f.source.listFilter);
const searchPaths = _mix(files.map((f) => f.file), 500).map((q) => `/api/v1/search?q=${encodeURIComponent(q)}&limit=20`);
const listPaths = _mix(lists.map((f) => f.file), 500).map((q, i) => `/api/v1/${lists[i % lists.length]!.source.resource}?search=${encodeURIComponent(q)}`);
// the baseline list search is held to: the same lists' pages under their plain filters, which the engine answers the same
// way (100 records read, put together and gzipped) without a search
const plainPaths = _plainFilterPaths(lists.map((l) => l.source.resource), 500);
const env = { SITE_DIR: siteRoot, ANSWER_CACHE_MB: '0' };
const warmPaths = [searchPaths[0]!, ...lists.map((l) => `/api/v1/${l.source.resource}?search=a`)];
const one = await startGateway(1, '/api/v1', env);
// the lists' own tables loaded first (a page of each, no search), so the RSS rise below is what search adds
for (const l of lists) await fetch(`${one.origin}/api/v1/${l.source.resource}`).then((r) => r.arrayBuffer());
const rssCold = rssMb(one.child.pid!);
// a worker that answers a load grows whatever it answers (V8's young generation to its full size, Node's HTTP
// buffers): the lists' first pages (files, no search) as long as a mix runs, so the rises read after are what search
// adds to a worker in service; the rise from rssCold is given too
const firstPages = SEARCH_SOURCES.map((s) => `/api/v1/${s.resource}`);
await _measured(one.origin, firstPages, one.child.pid!);
const rssServed = rssMb(one.child.pid!);
const firstSearchMs = await _timed(() => fetch(`${one.origin}${warmPaths[0]}`).then((r) => r.arrayBuffer()));
for (const p of warmPaths.slice(1)) await fetch(`${one.origin}${p}`).then((r) => r.arrayBuffer()); // every index built
const rssWarm = rssMb(one.child.pid!);
// what the worker holds once the /search mix has run (every word's block bounds and the texts' postings are worked out
// on the first query that needs them), and once the list mix has too: a list page's records also fill the list's
// cache of recently read records (export/serve/recent-records.ts), which any filtered list does, with search or not
const oursSearch = await _measured(one.origin, searchPaths, one.child.pid!);
const rssSearched = rssMb(one.child.pid!);
const oursList = await _measured(one.origin, listPaths, one.child.pid!);
const rssListed = rssMb(one.child.pid!);
const ours = { search: oursSearch, list: oursList, plain: await _measured(one.origin, plainPaths, one.child.pid!) };
one.child.kill('SIGTERM');
const two = await startGateway(2, '/api/v1', env);
for (let i = 0; i < 4; i++) for (const p of warmPaths) await fetch(`${two.origin}${p}`).then((r) => r.arrayBuffer()); // both workers' indexes
const deployed = { search: await _measured(two.origin, searchPaths, two.child.pid!), list: await _measured(two.origin, listPaths, two.child.pid!),
  plain: await _measured(two.origin, plainPaths, two.child.pid!) };
two.child.kill('SIGTERM');
const fts5 = spawn(process.execPath, ['--import', 'tsx', 'bench/search-fts5-server.ts'], { env: { ...process.env, SEARCH_EXPORT: exportDir }, stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<string>((resolve) => fts5.stdout!.on('data', (d: Buffer) => { const m = String(d).match(/listening on (\d+)/); if (m) resolve(m[1]!); }));
const fOrigin = `http://127.0.0.1:${port}`;
const theirs = { search: await _measured(fOrigin, searchPaths, fts5.pid!), list: await _measured(fOrigin, listPaths, fts5.pid!) };
const rssFts5 = rssMb(fts5.pid!);
fts5.kill();

const mb = (b: number) => (b / 1048576).toFixed(1);
const table = [
  `search benchmark over ${exportDir} (${rows} searchable rows, ${tokens} tokens), wrk 8 connections ${seconds} s, load ${loadavg()[0]!.toFixed(2)}`,
  '',
  `index build (all 8 lists, one process, as the night writes the search files): ${buildMs} ms, ${mb(fileMb)} MB of files`,
  `search files opened (all 8, as a worker does): ${openMs} ms; heap +${mb(after.heapUsed - before.heapUsed)} MB, array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB, RSS +${mb(after.rss - before.rss)} MB`,
  `one gateway worker: start ${one.startMs} ms; first search (its search files opened) ${firstSearchMs} ms; RSS ${rssCold} MB with the lists' tables loaded and no search, ${rssServed} MB after ${warmSeconds + seconds} s of load without search (the lists' first pages: +${rssServed - rssCold} MB), then ${rssWarm} MB with every index built (+${rssWarm - rssServed} MB over the served worker), ${rssSearched} MB after the /search mix (+${rssSearched - rssServed} MB; +${rssSearched - rssCold} MB over the worker before any load), ${rssListed} MB after the list mix too (+${rssListed - rssServed} MB; +${rssListed - rssCold} MB; the lists' record caches filling); FTS5 server RSS ${rssFts5} MB`,
  `two gateway workers: start ${two.startMs} ms (all listening ${two.allMs} ms)`,
  '',
  '| mix (500 queries) | gateway, 1 worker: req/s | p99 ms | gateway, 2 workers: req/s | p99 ms | FTS5 node:http req/s | FTS5 p99 ms | errors |',
  '|---|---|---|---|---|---|---|---|',
  `| /search (limit 20) | ${ours.search.rps} | ${ours.search.p99} | ${deployed.search.rps} | ${deployed.search.p99} | ${theirs.search.rps} | ${theirs.search.p99} | ${ours.search.errors + deployed.search.errors + theirs.search.errors} |`,
  `| list search (limit 100) | ${ours.list.rps} | ${ours.list.p99} | ${deployed.list.rps} | ${deployed.list.p99} | ${theirs.list.rps} | ${theirs.list.p99} | ${ours.list.errors + deployed.list.errors + theirs.list.errors} |`,
  `| the same lists under plain filters, no search (${new Set(plainPaths).size} queries, limit 100) | ${ours.plain.rps} | ${ours.plain.p99} | ${deployed.plain.rps} | ${deployed.plain.p99} | | | ${ours.plain.errors + deployed.plain.errors} |`,
  '',
  'CPU over each measured run: the server\'s per answer (µs, all its processes), and the share of the machine\'s cores the server and wrk used',
  '',
  '| mix | gateway, 1 worker | gateway, 2 workers | FTS5 node:http |',
  '|---|---|---|---|',
  `| /search | ${_cpu(ours.search)} | ${_cpu(deployed.search)} | ${_cpu(theirs.search)} |`,
  `| list search | ${_cpu(ours.list)} | ${_cpu(deployed.list)} | ${_cpu(theirs.list)} |`,
  `| plain filters | ${_cpu(ours.plain)} | ${_cpu(deployed.plain)} | |`,
].join('\n');
console.log(table);
writeSearchTable(table);

async function _timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return Math.round(performance.now() - started);
}

/** n queries drawn in turn from the files' words: a word, two words, a phrase, a prefix, a word less another. */
function _mix(from: SearchFile[], n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n && i < n * 10; i++) {
    const file = from[i % from.length]!;
    const row = file.rows[(i * 7919) % file.rows.length]!;
    const words = (row.find((t) => t && /\p{L}{3}/u.test(t)) ?? '').match(/\p{L}{3,}/gu) ?? [];
    if (words.length === 0) continue;
    const w = (k: number) => words[k % words.length]!;
    out.push([w(i), `${w(i)} ${w(i + 1)}`, `"${w(i)} ${w(i + 1)}"`, `${w(i).slice(0, 4)}*`, `${w(i)} -${w(i + 2)}`][i % 5]!);
  }
  return out;
}

/** `n` list pages taken in turn from each list's values of its enumerated filters, one filter a page. */
function _plainFilterPaths(resources: readonly string[], n: number): string[] {
  const each = resources.map((resource) => {
    const route = routesOfKind('list').find((r) => r.path === `/${resource}`)!;
    return route.params.filter((p) => p.enum).flatMap((p) => p.enum!.map((v) => `/api/v1/${resource}?${new URLSearchParams({ [p.name]: v })}`));
  }).filter((paths) => paths.length > 0);
  return Array.from({ length: n }, (_, i) => { const paths = each[i % each.length]!; return paths[Math.floor(i / each.length) % paths.length]!; });
}

/** The mix run unmeasured for warmSeconds, then measured, with the CPU the server `pid` (and its workers) and wrk used. */
async function _measured(origin: string, paths: readonly string[], pid: number) {
  if (warmSeconds > 0) await wrkLoad(origin, paths, 8, warmSeconds);
  return wrkLoad(origin, paths, 8, seconds, { watch: pid });
}

/** A run's server CPU per answer and the cores' shares: what the server would need of cores of its own. */
function _cpu(load: Load): string {
  if (!load.cpu || load.rps === 0) return 'n/a';
  const perAnswerUs = Math.round((load.cpu.server / 100) * 1e6 / load.rps);
  const share = (pct: number) => `${Math.round(pct / cores)} %`;
  return `${perAnswerUs} µs per answer; server ${share(load.cpu.server)}, wrk ${share(load.cpu.wrk)}`;
}
