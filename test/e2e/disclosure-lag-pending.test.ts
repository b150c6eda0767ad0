// Disclosure lag before the registry snapshot history spans 6 months (analysis-definitions.md 4.11): a tiny generated
// city whose archive keeps only the last 120 days of snapshots, through pipeline, site and gateway. Every request —
// unfiltered or filtered by any subject a measured row would have — returns the one row whose `measurement` says why
// and from which date rows will appear; the other insights are built as usual.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolve.ts';
import { generateSampleCity } from '../../sample/generate.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { runBuild } from '../../build/cli.ts';
import { openCityApp, type CityApp } from './default-city-app.ts';

const root = path.resolve('.tmp', `lag-pending-${process.pid}`);
const AS_OF = '2026-11-20';
const KEEP_FROM = '2026-07-23'; // as-of − 120 days
let app: CityApp;

beforeAll(async () => {
  rmSync(root, { recursive: true, force: true });
  const config = resolveConfig({
    rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'), warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(root, 'site'), baseUrl: 'http://localhost/api/v1', cursorSecret: 'pending-secret',
    rateLimitAnon: 1_000_000, rateLimitKey: 1_000_000, sample: { scale: 0.004 },
  }, {});
  const quiet = () => {};
  await generateSampleCity({ outDir: config.rawDir, seed: config.sample.seed, scale: 0.004, asOf: AS_OF, snapshotEvery: 10 }, quiet);
  // the archive starts later: a registry whose daily snapshots were first kept 120 days ago
  const snapshots = path.join(config.rawDir, 'lobbyist-registry', 'snapshots');
  for (const d of readdirSync(snapshots)) if (d < KEEP_FROM) rmSync(path.join(snapshots, d), { recursive: true, force: true });
  await runPipeline(config, quiet);
  await runBuild(config, quiet);
  app = await openCityApp(config);
}, 900_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('disclosure lag with less than 6 months of snapshots', () => {
  it('answers every request with the one measurement row', async () => {
    const first = readdirSync(path.join(root, 'raw', 'lobbyist-registry', 'snapshots')).sort()[0]!;
    const from = new Date(Date.UTC(Number(first.slice(0, 4)), Number(first.slice(5, 7)) - 1 + 6, Number(first.slice(8, 10)))).toISOString().slice(0, 10);
    const [row, ...rest] = await app.list<Record<string, unknown>>('/insights/disclosure-lag');
    expect(rest).toEqual([]);
    expect(row).toEqual({
      subject_type: 'all', subject_id: null, communications: null, late: null, late_share: null, median_lag_days: null, p90_lag_days: null,
      measurement: `The registry snapshot history runs from ${first} to ${AS_OF}, less than the 6 months disclosure lag needs `
        + `(a communication's first sighting is known only from the first snapshot on): rows will appear from ${from}.`,
      model_version: AS_OF,
    });
    // filtered by any subject a measured row would have: the firm, lobbyist and subjects of communications dated in the window
    const regs = new Map((await app.list<Record<string, unknown>>('/registrations')).map((r) => [r.id, r]));
    const inWindow = (await app.list<Record<string, unknown>>(`/communications?from=${first}`)).map((c) => ({ c, r: regs.get(c.registration_id)! }));
    const lobbyist = inWindow.find(({ c }) => c.lobbyist_person_id !== null)!.c.lobbyist_person_id;
    const firm = inWindow.find(({ r }) => r.firm_organization_id !== null)!.r.firm_organization_id;
    const subject = (inWindow.find(({ r }) => (r.subjects as string[]).length > 0)!.r.subjects as string[])[0]!;
    const queries = ['subject_type=all', 'subject_type=subject', `subject_type=firm&subject_id=${firm}`, `subject_id=${firm}`,
      `subject_type=lobbyist&subject_id=${lobbyist}`, `subject_type=subject&subject_id=${encodeURIComponent(subject)}`];
    for (const q of queries) expect(await app.list(`/insights/disclosure-lag?${q}`), q).toEqual([row]);
    // a subject the registry never had has no row, now or later
    expect(await app.list('/insights/disclosure-lag?subject_id=no-such-subject')).toEqual([]);
    // the other trend insights do not wait for the history
    expect((await app.list('/insights/mayor-share?category=all')).length).toBeGreaterThan(0);
  });
});
