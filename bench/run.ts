// Benchmark: sample city at BENCH_SCALE (default 0.02; 1 = the City's real volumes) with daily registry snapshots (as
// the README's `make build` writes them; BENCH_SNAPSHOT_EVERY=N for every Nth day), then the nights an operator runs:
// the first night with the newest snapshot held back (it backfills the year of snapshots before it) and its site
// build, the next night (one new snapshot on top of the kept state) and its site build, the sample's reviewer
// decisions, the pipeline again (no new snapshot), the link quality against the planted truth, then the gateway under
// concurrent load on loopback. Each stage runs in its own process, timed with its CPU seconds, peak memory and the
// machine's mean 1-minute load while it ran (the machine may be shared). Writes into .tmp/bench-<scale>/ so the
// development data is untouched; bench.json there holds every figure.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import type { TaskQuality } from '../links-fitting/evaluate.ts';
import { benchBulk } from './bulk.ts';
import { benchGateway } from './gateway.ts';
import { benchRunDir, writeBenchResult } from './output.ts';
import { missedFloors } from '../links-fitting/floors.ts';

const scale = Number(process.env.BENCH_SCALE ?? 0.02);
const snapshotEvery = Number(process.env.BENCH_SNAPSHOT_EVERY ?? 1);
const root = path.resolve(benchRunDir(scale));
const env = {
  ...process.env,
  RAW_DIR: path.join(root, 'raw'),
  STATE_DIR: path.join(root, 'state'),
  WAREHOUSE: path.join(root, 'warehouse', 'warehouse.duckdb'),
  SITE_DIR: path.join(root, 'site'),
  SAMPLE_SCALE: String(scale),
  BENCH_SNAPSHOT_EVERY: String(snapshotEvery),
};

interface StageFigure {
  stage: string;
  label: string;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  /** Mean 1-minute load average of the machine while the stage ran (sampled every 5 s). */
  load1: number;
  layerSeconds?: Record<string, number>;
  buildSteps?: Record<string, number>;
  registry?: Record<string, number>;
}

/** Run one stage of bench/stage.ts in its own process. */
async function runStage(stage: string, label = stage): Promise<StageFigure> {
  console.log(`bench: ${label} at scale ${scale}…`);
  const loads: number[] = [loadavg()[0]!];
  const timer = setInterval(() => loads.push(loadavg()[0]!), 5000);
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('npx', ['--no-install', 'tsx', 'bench/stage.ts', stage], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench: stage ${label} exited with code ${code}`))));
    });
    loads.push(loadavg()[0]!);
    const figure = JSON.parse(out.trim().split('\n').pop()!) as Omit<StageFigure, 'label' | 'load1'>;
    return { ...figure, label, load1: Math.round((100 * loads.reduce((a, b) => a + b, 0)) / loads.length) / 100 };
  } finally {
    clearInterval(timer);
  }
}

if (process.env.BENCH_KEEP !== '1') rmSync(root, { recursive: true, force: true });
mkdirSync(root, { recursive: true });

const generate = await runStage('generate');
// The first night reads every snapshot but the newest (a year of history, backfilled); the next night adds the newest.
const snapshotsDir = path.join(env.RAW_DIR, 'lobbyist-registry', 'snapshots');
const dates = readdirSync(snapshotsDir).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
const held = dates.length >= 2 ? dates.at(-1)! : null;
const heldDir = path.join(root, 'held-back');
if (held) {
  mkdirSync(heldDir, { recursive: true });
  renameSync(path.join(snapshotsDir, held), path.join(heldDir, held));
}
const firstNight = await runStage('pipeline', `pipeline, first night (backfill of ${dates.length - (held ? 1 : 0)} snapshots)`);
const firstBuild = await runStage('build', 'site build, first night');
if (held) renameSync(path.join(heldDir, held), path.join(snapshotsDir, held));
const night = await runStage('pipeline', 'pipeline, next night (one new snapshot)');
const nightBuild = await runStage('build', 'site build, next night');
const review = await runStage('review', 'review-sample (reviewers\' decisions over the built warehouse)');
const incremental = await runStage('pipeline', 'pipeline again (no new snapshot; reads the decisions)');
// link quality at this scale, measured after the last night (a step of its own, not part of the night's time): the
// models must hold at every size
const evaluation = await runStage('evaluate', 'link quality against the planted truth');
const qualityFile = path.join(path.dirname(env.WAREHOUSE), 'link-quality.json');
const linkQuality = existsSync(qualityFile) ? JSON.parse(readFileSync(qualityFile, 'utf8')) as TaskQuality[] : null;
const linkFloorsMissed = linkQuality ? missedFloors(linkQuality) : null;
if (linkFloorsMissed?.length) console.error(`bench: link-quality floors missed at scale ${scale}:\n  ${linkFloorsMissed.join('\n  ')}`);
const gateway = await benchGateway({ siteRoot: env.SITE_DIR, seconds: Number(process.env.BENCH_SECONDS ?? 10) });
// the bulk export of the last build: bytes per format, its seconds in the build, a download of its largest file
const bulk = { ...(await benchBulk(env.SITE_DIR)), exportSeconds: nightBuild.buildSteps?.['extra part of the export written'] ?? null };
const result = {
  scale, snapshotEvery, snapshots: dates.length, cores: availableParallelism(),
  // the first night: generate, its pipeline (the backfill) and its site build
  stages: [generate, firstNight, firstBuild],
  backfill: {
    snapshots: (firstNight.registry?.idPassSnapshots ?? 0) + 1, seconds: firstNight.seconds, peakRssMb: firstNight.peakRssMb,
    idPassSeconds: firstNight.registry?.idPassSeconds ?? 0, idPassMb: firstNight.registry?.idPassMb ?? 0, load1: firstNight.load1,
  },
  night: {
    pipeline: night, build: nightBuild, seconds: night.seconds + nightBuild.seconds,
    peakRssMb: Math.max(night.peakRssMb, nightBuild.peakRssMb), load1: Math.max(night.load1, nightBuild.load1),
  },
  reviewSample: review,
  incrementalPipeline: incremental, linkEvaluation: evaluation,
  pipelinePlusBuildSeconds: firstNight.seconds + firstBuild.seconds,
  pipelinePlusBuildPeakRssMb: Math.max(firstNight.peakRssMb, firstBuild.peakRssMb),
  gateway,
  bulk,
  linkQuality,
  linkFloorsMissed,
};
writeBenchResult(result);
console.log(JSON.stringify(result, null, 2));
// the edge table (bench/edge.ts): nginx vs gateway, 1 vs 2 workers, filtered with and without the answer cache, start, RSS
console.log('bench: edge (nginx vs gateway, workers, answer cache, start, RSS)…');
execFileSync('npx', ['--no-install', 'tsx', 'bench/edge.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
