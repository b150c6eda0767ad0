// The feeds stage alone over a warehouse (`npx tsx bench/feeds.ts <warehouse.duckdb> [out-dir]`): reads the feeds'
// rows, plans and renders every feed and writes them through the site's writer (twins included) into a fresh folder,
// timing each step (a first night: nothing to link); then once more with that folder as the live export, as the
// next night of unchanged data runs (every feed linked, nothing compressed). What the feeds add to a site build;
// figures go to docs/benchmarks-take-away.md.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWarehouse } from '../pipeline/db/warehouse.ts';
import { readFeedRows } from '../build/feeds/read-rows.ts';
import { planFeeds } from '../build/feeds/plan.ts';
import { atomWriter } from '../build/feeds/atom.ts';
import { feedsExport } from '../build/feeds/write-feeds.ts';
import { SiteSink } from '../build/site/sink.ts';
import { fileEffects } from '../build/site/effects.ts';

const warehouse = process.argv[2];
if (!warehouse) throw new Error('usage: npx tsx bench/feeds.ts <warehouse.duckdb> [out-dir]');
const out = process.argv[3] ?? mkdtempSync(path.join(os.tmpdir(), 'feeds-bench-'));
const baseUrl = 'https://example.org/api/v1';
const wh = await openWarehouse(warehouse, { readOnly: true });
try {
  const cpu0 = process.cpuUsage();
  const lap = _stopwatch();
  const rows = await readFeedRows(wh);
  const read = lap();
  const plans = planFeeds(rows, { baseUrl });
  const plan = lap();
  let bytes = 0;
  const toAtom = atomWriter(baseUrl);
  for (const p of plans) bytes += toAtom(p).length;
  const render = lap();
  const sink = new SiteSink(out, fileEffects(() => {}));
  const counts = await feedsExport({ baseUrl, readRows: async () => rows })({
    dir: out, exportId: 'bench', records: new Map(), register: () => {}, write: (rel, content) => sink.write(rel, content),
  });
  await sink.flush();
  const stage = lap();
  const cpu = process.cpuUsage(cpu0);
  // the next night, same data: the first folder is the live export the sink links unchanged files from
  const next = mkdtempSync(path.join(os.tmpdir(), 'feeds-bench-next-'));
  const cpu1 = process.cpuUsage();
  lap();
  const files = { ...sink.files };
  const nextSink = new SiteSink(next, fileEffects(() => {}), { dir: out, manifest: { files } as never });
  await feedsExport({ baseUrl, readRows: () => readFeedRows(wh) })({
    dir: next, exportId: 'bench-next', records: new Map(), register: () => {}, write: (rel, content) => nextSink.write(rel, content),
  });
  await nextSink.flush();
  const unchangedNight = lap();
  const cpuNext = process.cpuUsage(cpu1);
  rmSync(next, { recursive: true, force: true });
  const result = {
    rows: { registrations: rows.registrations.length, communications: rows.communications.length, upcoming: rows.upcoming.length },
    feeds: counts.feeds, entries: counts['feeds.entries'], atom_bytes: bytes, files_with_twins: Object.keys(sink.files).length,
    // CPU seconds of the whole run (every thread: zlib's pool too), which a loaded machine stretches less than wall time
    cpu_seconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    load_average_1m: os.loadavg()[0],
    unchanged_night: { seconds_with_read: unchangedNight, cpu_seconds: Math.round((cpuNext.user + cpuNext.system) / 1e4) / 100, files_linked: nextSink.linked },
    seconds: { read_rows: read, plan, render_atom: render, whole_stage_plan_render_write_twins: stage, stage_with_read: read + stage },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  wh.close();
  if (!process.argv[3]) rmSync(out, { recursive: true, force: true });
}

function _stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const s = Math.round(now - last) / 1000;
    last = now;
    return s;
  };
}
