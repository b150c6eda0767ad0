// The charts stage of the site build alone, over a built warehouse's insight rows (WAREHOUSE, opened read-only):
// the six charted insights' rows read and serialised as the site writer serialises them, then every chart made
// (spec and SVG) as the build makes it, timed over RUNS runs (CHARTS_OUT: a folder to write them to), then their gzip
// and brotli twins as the site writer compresses them; prints one JSON line (charts, files, bytes, ms per run, the
// twins' ms, peak RSS). The site build logs the same stage's time as "charts: … (N ms)" (bench/stage.ts collects it).
import path from 'node:path';
import { writeBenchOutput } from './output.ts';
import { resolveConfig } from '../config/resolve.ts';
import { openWarehouse } from '../pipeline/db/warehouse.ts';
import { readSiteInput } from '../build/site/read-warehouse.ts';
import { siteCharts } from '../build/site/charts.ts';
import { toArrowFile } from '../export/arrow-file.ts';
import { readLabelsFile, labelsFile } from '../export/labels-file.ts';
import { routes } from '../api/routes.ts';
import { CHARTED_INSIGHTS } from '../api/routes/charts.ts';
import { mayorShareIts } from '../api/routes/insights-trends.ts';
import type { ListRoute } from '../api/routes/types.ts';
import { compress, hasTwins } from '../export/representations.ts';

const config = resolveConfig();
const runs = Number(process.env.RUNS ?? 3);
const insights = routes.filter((r): r is ListRoute => r.kind === 'list' && CHARTED_INSIGHTS.some((c) => r.id === `insights.${c.name}`));
const wh = await openWarehouse(config.warehousePath, { readOnly: true });
const input = await readSiteInput(wh, { baseUrl: config.baseUrl, cursorSecret: 'bench', routes: [...insights, mayorShareIts] });
wh.close();
const records = new Map(insights.map((route) => [route, toArrowFile(route, input.lists[route.resource]!).records] as const));
const labels = readLabelsFile(labelsFile(input.labels ?? []));
const rows = insights.reduce((s, r) => s + input.lists[r.resource]!.length, 0);
const times: number[] = [];
let made: Awaited<ReturnType<typeof siteCharts>> = null;
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  made = await siteCharts(input, routes, records, labels);
  times.push(Math.round(performance.now() - started));
}
// CHARTS_OUT: also write the files there, to look at them
const out = process.env.CHARTS_OUT;
if (out) for (const [rel, body] of made!.files) writeBenchOutput(rel, body, out);
const bytes = [...made!.files.values()].reduce((s, body) => s + Buffer.byteLength(body), 0);
// what the site writer's sink adds for these files: their gzip and brotli twins (export/representations.ts)
const compressStarted = performance.now();
let twinBytes = 0;
for (const [rel, body] of made!.files) {
  const data = Buffer.from(body, 'utf8');
  if (!hasTwins(rel, data.byteLength)) continue;
  for (const coding of ['gzip', 'br'] as const) twinBytes += (await compress(data, coding, 'static')).byteLength;
}
const compressMs = Math.round(performance.now() - compressStarted);
console.log(JSON.stringify({
  warehouse: config.warehousePath, insightRows: rows, charts: made!.index.length, files: made!.files.size, bytes,
  ms: times, bestMs: Math.min(...times), twinsMs: compressMs, twinBytes, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
}));
