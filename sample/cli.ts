// CLI: npx tsx sample/cli.ts [--out data/raw] [--seed 20261122] [--scale 0.02] [--as-of 2026-11-20] [--snapshot-every 1]
// Seed, scale and as-of date are resolved once by config/resolve.ts (a flag, else SAMPLE_SEED / SAMPLE_SCALE /
// SAMPLE_AS_OF, else the defaults); the output folder is --out, else RAW_DIR, else data/raw. `make sample` sets the
// environment only for what the user gave (SCALE=…, SEED=…, AS_OF=…), so the README's variables work there too.
import { parseArgs } from 'node:util';
import { resolveConfig } from '../config/resolve.ts';
import { generateSampleCity } from './generate.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' }, seed: { type: 'string' }, scale: { type: 'string' }, 'as-of': { type: 'string' },
    'snapshot-every': { type: 'string', default: '1' },
  },
});
const num = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) { console.error(`--${name} must be a number, got ${v}`); process.exit(2); }
  return n;
};

// flags are explicit options: they win over the environment, which wins over the defaults
const config = resolveConfig({
  rawDir: values.out,
  sample: { seed: num('seed', values.seed), scale: num('scale', values.scale), asOf: values['as-of'] },
});
const summary = await generateSampleCity({
  outDir: config.rawDir, seed: config.sample.seed, scale: config.sample.scale, asOf: config.sample.asOf,
  snapshotEvery: num('snapshot-every', values['snapshot-every'])!,
}, (msg) => console.log(msg));
console.log(JSON.stringify(summary, null, 2));
