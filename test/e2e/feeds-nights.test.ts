// Two nights of the feeds on one small city: the second night brings one more registry snapshot and is built and
// published beside the first. Each feed's entries on the second night are the first night's plus exactly the records
// new that night (registrations and communications the second export lists and the first did not), every entry kept
// keeps its id and date, and a feed whose records did not change keeps its bytes, so a reader's conditional GET with
// the ETag of the night before answers 304.
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { generateSampleCity } from '../../sample/generate.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { runBuild } from '../../build/cli.ts';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { exportLayout } from '../../export/layout.ts';
import { parseFeed, type ParsedFeed } from '../helpers/feeds.ts';

const root = path.resolve('.tmp', 'e2e-feed-nights');
const BASE = 'http://localhost/api/v1';
let config: Config;
interface Night { dir: string; feeds: Map<string, ParsedFeed>; bytes: Map<string, Buffer>; records: Set<string>; etags: Map<string, string> }
let night1: Night;
let night2: Night;

async function nightOf(): Promise<Night> {
  const dir = realpathSync(path.join(config.siteRoot, 'current'));
  const index = JSON.parse(readFileSync(path.join(dir, exportLayout.feedIndex), 'utf8')) as { feeds: { id: string }[] };
  const feeds = new Map<string, ParsedFeed>();
  const bytes = new Map<string, Buffer>();
  for (const { id } of index.feeds) {
    const body = readFileSync(path.join(dir, exportLayout.feed(id)));
    bytes.set(id, body);
    feeds.set(id, parseFeed(body.toString('utf8'), id));
  }
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  try {
    const rows = await wh.all<{ k: string }>(`select 'registration:' || id as k from api_registrations
      union all select 'communication:' || id from api_communications`);
    const etags = new Map<string, string>();
    const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
    await site.refresh();
    const app = createApp({ config, site, log: () => {} });
    for (const id of ['registrations', ...[...feeds.keys()].filter((f) => f.startsWith('communications-member-')).slice(0, 5)]) {
      const res = await app.request(`${BASE}/feeds/${id}.atom`, {}, { clientAddress: '192.0.2.9' } as never);
      etags.set(id, res.headers.get('etag')!);
    }
    return { dir, feeds, bytes, records: new Set(rows.map((r) => r.k)), etags };
  } finally {
    wh.close();
  }
}

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  config = resolveConfig({
    rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'), siteRoot: path.join(root, 'site'),
    baseUrl: BASE, cursorSecret: 'feed-nights',
  }, {});
  await generateSampleCity({ outDir: config.rawDir, seed: 20261122, scale: 0.004, asOf: '2026-11-20', snapshotEvery: 10 }, () => {});
  const snapshots = path.join(config.rawDir, 'lobbyist-registry', 'snapshots');
  const newest = readdirSync(snapshots).sort().pop()!;
  const held = path.join(root, 'held');
  mkdirSync(held, { recursive: true });
  renameSync(path.join(snapshots, newest), path.join(held, newest));
  await runPipeline(config, () => {});
  await runBuild(config, () => {});
  night1 = await nightOf();
  renameSync(path.join(held, newest), path.join(snapshots, newest));
  await runPipeline(config, () => {});
  await runBuild(config, () => {});
  night2 = await nightOf();
}, 900_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const key = (entryId: string) => entryId.replace(/^tag:localhost,2026:/, '');

describe('feeds across two nights', () => {
  it('publishes a second export with new records', () => {
    expect(night2.dir).not.toBe(night1.dir);
    const added = [...night2.records].filter((r) => !night1.records.has(r));
    expect(added.length).toBeGreaterThan(0);
  });

  it('adds to each feed exactly the records new that night, and keeps every other entry with its id and date', () => {
    let added = 0;
    for (const [id, feed] of night2.feeds) {
      if (id.startsWith('upcoming')) continue; // windows follow the lead times, which every night moves
      const before = night1.feeds.get(id);
      const was = new Map((before?.entries ?? []).map((e) => [key(e.id), e.updated]));
      const now = feed.entries.map((e) => [key(e.id), e.updated] as const);
      expect(feed.entries.length, `${id} stays under the cap here, so nothing is pushed out`).toBeLessThan(100);
      for (const [record, updated] of now) {
        if (was.has(record)) expect(updated, `${id}: ${record}`).toBe(was.get(record));
        else {
          expect(night1.records.has(record), `${id}: ${record} is new to the feed but not a new record`).toBe(false);
          added++;
        }
      }
      const kept = new Set(now.map(([r]) => r));
      for (const record of was.keys()) expect(kept.has(record), `${id}: ${record} was dropped`).toBe(true);
    }
    expect(added).toBeGreaterThan(0);
    // every new registration is in the feed of all new registrations
    const allFeed = new Set(night2.feeds.get('registrations')!.entries.map((e) => key(e.id)));
    for (const r of night2.records) if (r.startsWith('registration:') && !night1.records.has(r)) expect(allFeed.has(r), r).toBe(true);
  });

  it('keeps the bytes of a feed whose records did not change, so the ETag of the night before answers 304', async () => {
    const unchanged = [...night2.bytes].filter(([id, body]) => night1.bytes.get(id)?.equals(body));
    expect(unchanged.length).toBeGreaterThan(0);
    const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
    await site.refresh();
    const app = createApp({ config, site, log: () => {} });
    let conditional = 0;
    for (const [id, etag] of night1.etags) {
      const same = night1.bytes.get(id)!.equals(night2.bytes.get(id) ?? Buffer.alloc(0));
      const res = await app.request(`${BASE}/feeds/${id}.atom`, { headers: { 'if-none-match': etag } }, { clientAddress: '192.0.2.9' } as never);
      expect(res.status, id).toBe(same ? 304 : 200);
      if (same) conditional++;
      else expect(res.headers.get('etag')).not.toBe(etag);
    }
    // a changed feed (the one of all new registrations) answers 200 with its new bytes
    expect(night1.bytes.get('registrations')!.equals(night2.bytes.get('registrations')!)).toBe(false);
    expect(conditional).toBeGreaterThan(0);
  });
});
