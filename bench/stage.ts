// Runs one stage (generate | pipeline | evaluate | build) in its own process and prints its wall time and peak memory
// (maxRSS includes DuckDB's native memory) as one JSON line, so bench/run.ts can measure stages separately.
import { resolveConfig } from '../config/resolve.ts';
import { generateSampleCity } from '../sample/generate.ts';
import { runPipeline } from '../pipeline/run.ts';
import { runBuild } from '../build/cli.ts';
import { evaluateLinkQuality } from '../links-fitting/evaluate-cli.ts';

const stage = process.argv[2];
const config = resolveConfig();
// per-layer times of the pipeline ("links: 28 models in 119.8 s"), so the linking stage's cost is reported alone
const layers: Record<string, number> = {};
const log = (msg: string) => {
  const layer = /^(\w+): \d+ models in ([\d.]+) s/.exec(msg);
  if (layer) layers[layer[1]!] = Number(layer[2]);
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
} else if (stage === 'evaluate') {
  await evaluateLinkQuality(config, log);
} else if (stage === 'build') {
  await runBuild(config, log);
} else {
  throw new Error(`unknown stage ${stage}`);
}

const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ stage, seconds, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  ...(Object.keys(layers).length ? { layerSeconds: layers } : {}) }));
