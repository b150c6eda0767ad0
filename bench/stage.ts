// Runs one stage (generate | pipeline | review | evaluate | build) in its own process and prints its wall time, CPU
// seconds and peak memory (maxRSS includes DuckDB's native memory and worker threads) as one JSON line, so
// bench/run.ts can measure stages separately; the pipeline's line also carries its registry figures.
import { resolveConfig } from '../config/resolve.ts';
import { generateSampleCity } from '../sample/generate.ts';
import { runPipeline } from '../pipeline/run.ts';
import { runBuild } from '../build/cli.ts';
import { evaluateLinkQuality } from '../links-fitting/evaluate-cli.ts';
import { writeSampleReview } from '../links-fitting/review-sample.ts';

const stage = process.argv[2];
const config = resolveConfig();
// per-layer times of the pipeline ("links: 28 models in 119.8 s"), so the linking stage's cost is reported alone
const layers: Record<string, number> = {};
// the registry's share of the night: the id-only pass over archived snapshots and the full parse of the newest
const registry: Record<string, number> = {};
const buildSteps: Record<string, number> = {};
const log = (msg: string) => {
  const layer = /^(\w+): \d+ models in ([\d.]+) s/.exec(msg);
  if (layer) layers[layer[1]!] = Number(layer[2]);
  const idPass = /^registry: id-only pass over (\d+) snapshots: ([\d.]+) MB in ([\d.]+) s/.exec(msg);
  if (idPass) Object.assign(registry, { idPassSnapshots: Number(idPass[1]), idPassMb: Number(idPass[2]), idPassSeconds: Number(idPass[3]) });
  const full = /^registry: full parse of \S+: \d+ records, ([\d.]+) MB in ([\d.]+) s/.exec(msg);
  if (full) Object.assign(registry, { fullParseMb: Number(full[1]), fullParseSeconds: Number(full[2]) });
  const sources = /^sources: [\d,]+ rows in ([\d.]+) s/.exec(msg);
  if (sources) registry.sourcesSeconds = Number(sources[1]);
  // the site build's steps ("extra part of the export written (41210 ms)": the bulk files), in seconds
  const step = stage === 'build' ? /^(.+) \((\d+) ms\)$/.exec(msg) : null;
  if (step) buildSteps[step[1]!] = Number(step[2]) / 1000;
  console.error(`  [${stage}] ${msg}`);
};
const started = performance.now();

if (stage === 'generate') {
  await generateSampleCity({
    outDir: config.rawDir, seed: config.sample.seed, scale: config.sample.scale, asOf: config.sample.asOf,
    snapshotEvery: Number(process.env.BENCH_SNAPSHOT_EVERY ?? 1),
  }, log);
} else if (stage === 'pipeline') {
  await runPipeline(config, log);
} else if (stage === 'review') {
  await writeSampleReview(config, log);
} else if (stage === 'evaluate') {
  await evaluateLinkQuality(config, log);
} else if (stage === 'build') {
  await runBuild(config, log);
} else {
  throw new Error(`unknown stage ${stage}`);
}

const seconds = (performance.now() - started) / 1000;
const usage = process.resourceUsage();
console.log(JSON.stringify({ stage, seconds, cpuSeconds: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1e4) / 100,
  peakRssMb: Math.round(usage.maxRSS / 1024),
  ...(Object.keys(layers).length ? { layerSeconds: layers } : {}), ...(Object.keys(registry).length ? { registry } : {}),
  ...(Object.keys(buildSteps).length ? { buildSteps } : {}) }));
