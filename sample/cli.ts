// CLI: npx tsx sample/cli.ts [--out data/raw] [--seed 20261122] [--scale 0.02] [--as-of 2026-11-20] [--snapshot-every 1]
// Seed, scale and as-of date are resolved once by config/resolve.ts (a flag, else SAMPLE_SEED / SAMPLE_SCALE /
// SAMPLE_AS_OF, else the defaults); the output folder is --out, else RAW_DIR, else data/raw. `make sample` sets the
// environment only for what the user gave (SCALE=…, SEED=…, AS_OF=…), so the README's variables work there too.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createReporter, shownPath } from '../cli/reporter.ts';
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
const report = createReporter({
  title: config.output.title ?? `Sample city: the City's raw files, generated (scale ${config.sample.scale}, seed ${config.sample.seed}, as of ${config.sample.asOf})`,
  stage: config.output.stage, verbose: config.output.verbose, logFile: path.join(config.output.logDir, 'sample.log'),
});
const summary = await generateSampleCity({
  outDir: config.rawDir, seed: config.sample.seed, scale: config.sample.scale, asOf: config.sample.asOf,
  snapshotEvery: num('snapshot-every', values['snapshot-every'])!,
}, report.detail);
report.detail(JSON.stringify(summary, null, 2));
const c = summary.counts;
report.done(`${summary.files} files (${(summary.bytes / 1e6).toFixed(0)} MB) in ${shownPath(config.rawDir)}: ` +
  `${c.registrations} registrations, ${c.communicationsAtAsOf} communications over ${summary.snapshots} daily registry snapshots, ` +
  `${c.agendaReferences} agenda items, ${c.devApplications + c.coaActive + c.coaClosed} applications, ${c.awardLines + c.nonCompetitive} contracts, ` +
  `${c.contributions} contributions, with their planted truth`);
