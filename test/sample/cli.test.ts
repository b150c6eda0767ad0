// The generator CLI resolves its settings once through config/resolve.ts: SAMPLE_SEED / SAMPLE_SCALE / SAMPLE_AS_OF
// and RAW_DIR reach it (what `make sample` passes), and a flag wins over the environment.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = mkdtempSync(path.join(tmpdir(), 'sample-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Run the CLI with extra environment and flags; returns the run parameters its planted truth records. */
function generate(env: Record<string, string>, args: string[] = []): { seed: number; scale: number; asOf: string } {
  // only what the test gives: none of the settings under test comes from the environment the suite runs in
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SAMPLE_|RAW_DIR$|DATA_DIR$)/.test(k)));
  execFileSync(path.resolve('node_modules', '.bin', 'tsx'), ['sample/cli.ts', '--snapshot-every', '60', ...args], {
    env: { ...base, ...env }, stdio: 'pipe',
  });
  const out = args.includes('--out') ? args[args.indexOf('--out') + 1]! : env.RAW_DIR!;
  return JSON.parse(readFileSync(path.join(out, 'sample-truth', 'planted-truth.json'), 'utf8'));
}

describe('sample/cli.ts settings', () => {
  it('reads SAMPLE_SEED, SAMPLE_SCALE, SAMPLE_AS_OF and RAW_DIR from the environment', () => {
    const truth = generate({ RAW_DIR: path.join(root, 'env'), SAMPLE_SEED: '7', SAMPLE_SCALE: '0.002', SAMPLE_AS_OF: '2026-10-01' });
    expect([truth.seed, truth.scale, truth.asOf]).toEqual([7, 0.002, '2026-10-01']);
  }, 120_000);

  it('lets a flag win over the environment', () => {
    const truth = generate({ SAMPLE_SEED: '7', SAMPLE_SCALE: '0.5' }, ['--out', path.join(root, 'flags'), '--scale', '0.002', '--as-of', '2026-09-30']);
    expect([truth.seed, truth.scale, truth.asOf]).toEqual([7, 0.002, '2026-09-30']);
  }, 120_000);
});
