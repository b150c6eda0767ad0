// Two nights in a row on one small city: the second night brings one more registry snapshot. First-seen dates
// learned on night 1 are kept, communications new in the added snapshot get its date, and public ids of people
// and organisations do not move.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { generateSampleCity } from '../../sample/generate.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';

const root = path.resolve('.tmp', 'e2e-nightly');
let config: Config;
type Night = { firstSeen: Map<string, string>; ids: Map<string, number>; exportDate: string };
let night1: Night;
let night2: Night;
let newestSnapshot: string;

async function snapshotOf(): Promise<Night> {
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  try {
    const comms = await wh.all<{ id: string; first_seen_date: string }>('select id, first_seen_date from api_communications');
    const ids = await wh.all<{ k: string; id: number }>("select entity || ':' || natural_key as k, id from int_entity_ids");
    const [{ d }] = await wh.all<{ d: string }>('select export_date as d from meta_run');
    return { firstSeen: new Map(comms.map((c) => [c.id, c.first_seen_date])), ids: new Map(ids.map((r) => [r.k, r.id])), exportDate: d };
  } finally {
    wh.close();
  }
}

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  config = resolveConfig({
    rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'), siteRoot: path.join(root, 'site'),
  }, {});
  await generateSampleCity({ outDir: config.rawDir, seed: 7, scale: 0.02, asOf: '2026-11-20', snapshotEvery: 30 }, () => {});
  const snapshots = path.join(config.rawDir, 'lobbyist-registry', 'snapshots');
  newestSnapshot = readdirSync(snapshots).sort().pop()!;
  const held = path.join(root, 'held');
  mkdirSync(held, { recursive: true });
  renameSync(path.join(snapshots, newestSnapshot), path.join(held, newestSnapshot));
  await runPipeline(config, () => {});
  night1 = await snapshotOf();
  renameSync(path.join(held, newestSnapshot), path.join(snapshots, newestSnapshot));
  await runPipeline(config, () => {});
  night2 = await snapshotOf();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('state kept across nightly runs', () => {
  it('moves the export date to the newest snapshot', () => {
    expect(night2.exportDate).toBe(newestSnapshot);
    expect(night1.exportDate < night2.exportDate).toBe(true);
  });

  it('keeps every first-seen date learned the night before', () => {
    expect(night1.firstSeen.size).toBeGreaterThan(20);
    for (const [id, seen] of night1.firstSeen) {
      if (night2.firstSeen.has(id)) expect(night2.firstSeen.get(id), id).toBe(seen);
    }
  });

  it('dates communications first listed in the new snapshot by that snapshot', () => {
    const added = [...night2.firstSeen].filter(([id]) => !night1.firstSeen.has(id));
    expect(added.length).toBeGreaterThan(0);
    for (const [, seen] of added) expect(seen).toBe(newestSnapshot);
  });

  it('keeps public ids of people and organisations', () => {
    for (const [key, id] of night1.ids) expect(night2.ids.get(key), key).toBe(id);
    expect(night2.ids.size).toBeGreaterThanOrEqual(night1.ids.size);
  });
});
