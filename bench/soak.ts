// Memory under sustained load (the target: resident memory per worker flat under an hour of load): one gateway worker
// over the built site, driven by wrk in one-minute rounds over a broad mix (20,000 canonical pages and documents
// sampled across the export, every list's first page, and the bench's filtered queries, so both caches fill and
// turn over), its resident memory read after every round. Prints one line per round and the table at the end.
//   SITE_DIR=… [SOAK_MINUTES=60] [SOAK_CONNECTIONS=8] npx tsx bench/soak.ts      (make bench-soak)
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { ExportManifest } from '../export/layout.ts';
import { canonicalUrls } from '../export/canonical-urls.ts';
import { resolveConfig } from '../config/resolve.ts';
import { basePathOf } from '../gateway/routes/routing.ts';
import { rssMb, sample, startGateway, wrkLoad } from './edge-tools.ts';
import { variedFilteredPaths } from './gateway.ts';
import { writeSoakTable } from './output.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 8);
const config = resolveConfig({ rateLimitAnon: 1e9, rateLimitKey: 1e9 });
const exportDir = realpathSync(path.join(config.siteRoot, 'current'));
const manifest = JSON.parse(readFileSync(path.join(exportDir, '_manifest.json'), 'utf8')) as ExportManifest;
const basePath = basePathOf(config.baseUrl);

const gateway = await startGateway(1, basePath);
const rounds: { minute: number; rss: number; rps: number; p99: number; errors: number; load: string }[] = [];
try {
  const urls = canonicalUrls(manifest);
  const firstPages = urls.filter((u) => u.file.endsWith('/index.json')).map((u) => `${basePath}${u.url}`);
  const files = sample(urls.filter((u) => !u.file.endsWith('/index.json')), 20_000).map((u) => `${basePath}${u.url}`);
  const filtered = (await variedFilteredPaths(`${gateway.origin}${basePath}`)).map((p) => `${basePath}${p}`);
  // interleaved so every minute touches all three kinds
  const mix = files.flatMap((f, i) => [f, ...(i % 10 === 0 ? [filtered[(i / 10) % filtered.length]!] : []), ...(i % 100 === 0 ? [firstPages[(i / 100) % firstPages.length]!] : [])]);
  const afterStart = rssMb(gateway.child.pid!);
  console.log(`export ${manifest.export_id}: ${mix.length} URLs, c${connections}, ${minutes} one-minute rounds; RSS after start ${afterStart} MB`);
  for (let minute = 1; minute <= minutes; minute++) {
    // each round starts at another place in the mix, so the whole of it is asked for over the run
    const offset = Math.floor(((minute - 1) * mix.length) / minutes);
    const load = await wrkLoad(gateway.origin, [...mix.slice(offset), ...mix.slice(0, offset)], connections, 60);
    const round = { minute, rss: rssMb(gateway.child.pid!), rps: load.rps, p99: load.p99, errors: load.errors, load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0]! };
    rounds.push(round);
    console.log(`minute ${minute}: RSS ${round.rss} MB, ${round.rps} req/s, p99 ${round.p99} ms, errors ${round.errors}, load ${round.load}`);
  }
  const rss = rounds.map((r) => r.rss);
  const table = [
    `export ${manifest.export_id}, one worker, c${connections}, ${mix.length} URLs, RSS after start ${afterStart} MB`,
    '| minute | RSS MB | req/s | p99 ms | errors | load |', '|---|---|---|---|---|---|',
    ...rounds.map((r) => `| ${r.minute} | ${r.rss} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.load} |`),
    `RSS over the run: min ${Math.min(...rss)} MB, max ${Math.max(...rss)} MB; last ${rss.at(-1)} MB`,
  ].join('\n');
  console.log(table);
  writeSoakTable(table);
} finally {
  gateway.child.kill('SIGTERM');
  await new Promise((r) => gateway.child.once('exit', r));
}
