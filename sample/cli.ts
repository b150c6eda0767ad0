// CLI: npx tsx sample/cli.ts --out data/raw --seed 20261122 --scale 0.02 --as-of 2026-11-20 [--snapshot-every 1]
import { parseArgs } from 'node:util';
import { generateSampleCity } from './generate.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/raw' }, seed: { type: 'string', default: '20261122' }, scale: { type: 'string', default: '0.02' },
    'as-of': { type: 'string', default: '2026-11-20' }, 'snapshot-every': { type: 'string', default: '1' },
  },
});
const num = (name: string, v: string) => { const n = Number(v); if (!Number.isFinite(n)) { console.error(`--${name} must be a number, got ${v}`); process.exit(2); } return n; };

const summary = await generateSampleCity({
  outDir: values.out!, seed: num('seed', values.seed!), scale: num('scale', values.scale!), asOf: values['as-of']!,
  snapshotEvery: num('snapshot-every', values['snapshot-every']!),
}, (msg) => console.log(msg));
console.log(JSON.stringify(summary, null, 2));
