// Benchmark: sample city at BENCH_SCALE (default 0.02; 1 = the City's real volumes) → pipeline → build, each stage
// timed with its peak memory, the link quality measured against the planted truth, then the gateway under concurrent
// load on loopback. Writes into .tmp/bench-<scale>/ so the development data is untouched. Figures go into the issue
// notes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TaskQuality } from '../links-fitting/evaluate.ts';
import { benchGateway } from './gateway.ts';
import { missedFloors } from '../links-fitting/floors.ts';

const scale = Number(process.env.BENCH_SCALE ?? 0.02);
const snapshotEvery = Number(process.env.BENCH_SNAPSHOT_EVERY ?? (scale >= 0.5 ? 30 : 1));
const root = path.resolve('.tmp', `bench-${scale}`);
const env = {
  ...process.env,
  RAW_DIR: path.join(root, 'raw'),
  STATE_DIR: path.join(root, 'state'),
  WAREHOUSE: path.join(root, 'warehouse', 'warehouse.duckdb'),
  SITE_DIR: path.join(root, 'site'),
  SAMPLE_SCALE: String(scale),
  BENCH_SNAPSHOT_EVERY: String(snapshotEvery),
};

if (process.env.BENCH_KEEP !== '1') rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

const stages: { stage: string; seconds: number; peakRssMb: number }[] = [];
for (const stage of ['generate', 'pipeline', 'build']) {
  console.log(`bench: ${stage} at scale ${scale}…`);
  const out = execFileSync('npx', ['--no-install', 'tsx', 'bench/stage.ts', stage], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  stages.push(JSON.parse(out.toString().trim().split('\n').pop()!));
}
// the second night: one more pipeline run over the same snapshots reads no snapshot again
console.log('bench: pipeline again (incremental night, no new snapshot)…');
const again = execFileSync('npx', ['--no-install', 'tsx', 'bench/stage.ts', 'pipeline'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
const incremental = JSON.parse(again.toString().trim().split('\n').pop()!);

const pipelineBuild = stages.filter((s) => s.stage !== 'generate');
// link quality at this scale, measured after the last night (a step of its own, not part of the night's time): the
// models must hold at every size
console.log('bench: evaluating links against the planted truth…');
const evaluation = JSON.parse(execFileSync('npx', ['--no-install', 'tsx', 'bench/stage.ts', 'evaluate'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
  .toString().trim().split('\n').pop()!);
const qualityFile = path.join(path.dirname(env.WAREHOUSE), 'link-quality.json');
const linkQuality = existsSync(qualityFile) ? JSON.parse(readFileSync(qualityFile, 'utf8')) as TaskQuality[] : null;
const linkFloorsMissed = linkQuality ? missedFloors(linkQuality) : null;
if (linkFloorsMissed?.length) console.error(`bench: link-quality floors missed at scale ${scale}:\n  ${linkFloorsMissed.join('\n  ')}`);
const gateway = await benchGateway({ siteRoot: env.SITE_DIR, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
const result = {
  scale, snapshotEvery,
  stages, incrementalPipeline: incremental, linkEvaluation: evaluation,
  pipelinePlusBuildSeconds: pipelineBuild.reduce((n, s) => n + s.seconds, 0),
  pipelinePlusBuildPeakRssMb: Math.max(...pipelineBuild.map((s) => s.peakRssMb)),
  gateway,
  linkQuality,
  linkFloorsMissed,
};
writeFileSync(path.join(root, 'bench.json'), JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
// the edge table (bench/edge.ts): nginx vs gateway, 1 vs 2 workers, filtered with and without the answer cache, start, RSS
console.log('bench: edge (nginx vs gateway, workers, answer cache, start, RSS)…');
execFileSync('npx', ['--no-install', 'tsx', 'bench/edge.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
