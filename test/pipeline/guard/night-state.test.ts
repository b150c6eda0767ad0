// The night's state: a run works on a copy, a failed run leaves every state file byte-identical, a passing run
// stages its state, the next run reads the staged state, and only the publication of that run's warehouse commits it.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStagedState, openNightState } from '../../../pipeline/lib/night-state.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'night-state-'));
  await writeFile(path.join(dir, 'registry-snapshots.json'), '["night 1"]');
  await writeFile(path.join(dir, 'entity-ids.parquet'), 'ids 1');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const listing = async () => (await readdir(dir, { recursive: true })).sort();
const read = (rel: string) => readFile(path.join(dir, rel), 'utf8');

describe('night state', () => {
  it('leaves the state byte-identical when the run fails', async () => {
    const before = await listing();
    const state = await openNightState(dir);
    await writeFile(path.join(state.dir, 'registry-snapshots.json'), '["damaged night"]');
    await state.discard();
    expect(await listing()).toEqual(before);
    expect(await read('registry-snapshots.json')).toBe('["night 1"]');
  });

  it('stages a passing run, feeds it to the next run, and commits it only for the published run', async () => {
    const first = await openNightState(dir);
    expect(await readFile(path.join(first.dir, 'entity-ids.parquet'), 'utf8')).toBe('ids 1');
    await writeFile(path.join(first.dir, 'entity-ids.parquet'), 'ids 2');
    await first.stage({ run_id: 'run-2', export_date: '2026-11-21' });
    expect(await read('entity-ids.parquet')).toBe('ids 1'); // not committed yet
    // The next run (the sample's second pipeline run) starts from the staged state.
    const second = await openNightState(dir);
    expect(await readFile(path.join(second.dir, 'entity-ids.parquet'), 'utf8')).toBe('ids 2');
    await second.discard();
    // Publishing another run's warehouse commits nothing; publishing run-2's commits it.
    expect(await commitStagedState(dir, 'run-1')).toBe('staged by another run');
    expect(await read('entity-ids.parquet')).toBe('ids 1');
    expect(await commitStagedState(dir, 'run-2')).toBe('committed');
    expect(await read('entity-ids.parquet')).toBe('ids 2');
    expect(await read('registry-snapshots.json')).toBe('["night 1"]');
    expect(await listing()).toEqual(['entity-ids.parquet', 'registry-snapshots.json']);
    expect(await commitStagedState(dir, 'run-2')).toBe('nothing staged');
  });

  it('removes the work folder of a run that died, not one of a live run', async () => {
    await mkdir(path.join(dir, `.work-${2 ** 22 + 17}-dead`));
    await mkdir(path.join(dir, `.work-1-init`)); // pid 1 is alive
    const state = await openNightState(dir);
    await state.discard();
    expect(await listing()).toEqual(['.work-1-init', 'entity-ids.parquet', 'registry-snapshots.json']);
  });
});
