// Fault injection over a small sample city's raw files: after one clean night is published, each fault
// is a night of its own on a copy of that published state (site, state, warehouse). Each either publishes the clean
// night's counts (recovered; a damaged row may be quarantined within the guard's threshold) or fails the night with
// the reason and leaves site, state and warehouse byte-identical. Nights run in-process (runPipeline, runBuild).
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NightCounts, ExportManifest } from '../../export/layout.ts';
import { runBuild } from '../../build/cli.ts';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { NightGuardError } from '../../pipeline/guard/night-guard.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { generateSampleCity } from '../../sample/generate.ts';

const root = path.resolve('.tmp', 'e2e-night-faults');
const raw = path.join(root, 'raw');
const quiet = () => {};
const PARTS = ['site', 'state', 'warehouse'] as const;
let clean: NightCounts;
let newestZip: string;
const outcomes: string[] = [];

function configFor(dir: string, acceptDrops = new Map<string, number>(), maxDropPercent?: number): Config {
  return resolveConfig({
    rawDir: raw, stateDir: path.join(dir, 'state'), warehousePath: path.join(dir, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(dir, 'site'), baseUrl: 'http://localhost/api/v1', cursorSecret: 'faults',
    guard: { acceptDrops, ...(maxDropPercent === undefined ? {} : { maxDropPercent }) },
  }, {});
}

/** Every file (sha256) and symlink (target) under `dir`, by relative path. */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full);
    if (e.isSymbolicLink()) out[rel] = `-> ${await readlink(full)}`;
    else if (e.isFile()) out[rel] = createHash('sha256').update(await readFile(full)).digest('hex');
  }
  return out;
}

async function liveManifest(dir: string): Promise<ExportManifest> {
  return JSON.parse(await readFile(path.join(dir, 'site', 'current', '_manifest.json'), 'utf8')) as ExportManifest;
}

/** A night on a fresh copy of the clean night's published state, with `damage` applied to the raw files. */
async function night(name: string, damage: () => Promise<() => Promise<void>>, accept?: Map<string, number>,
  beforeBuild?: (dir: string) => Promise<Record<string, string>>, maxDropPercent?: number) {
  const dir = path.join(root, name);
  await rm(dir, { recursive: true, force: true });
  for (const part of PARTS) await cp(path.join(root, 'clean', part), path.join(dir, part), { recursive: true, verbatimSymlinks: true });
  const before = Object.fromEntries(await Promise.all(PARTS.map(async (p) => [p, await tree(path.join(dir, p))] as const)));
  const restore = await damage();
  try {
    const config = configFor(dir, accept, maxDropPercent);
    let error: unknown = null;
    let siteBeforeBuild: Record<string, string> | null = null;
    try {
      await runPipeline(config, quiet);
      siteBeforeBuild = (await beforeBuild?.(dir)) ?? null;
      await runBuild(config, quiet);
    } catch (e) {
      error = e;
    }
    const after = Object.fromEntries(await Promise.all(PARTS.map(async (p) => [p, await tree(path.join(dir, p))] as const)));
    const stateTree = (t: Record<string, string>) => Object.fromEntries(Object.entries(t).filter(([k]) => !k.endsWith('night-report.json')));
    return { error, unchanged: PARTS.every((p) => JSON.stringify(stateTree(before[p]!)) === JSON.stringify(stateTree(after[p]!))),
      manifest: await liveManifest(dir), dir, siteBeforeBuild };
  } finally {
    await restore();
  }
}

/** Replace a raw file's bytes; returns the restore. */
async function replaceFile(rel: string, change: (bytes: Buffer) => Uint8Array | string): Promise<() => Promise<void>> {
  const file = path.join(raw, rel);
  const original = await readFile(file);
  await writeFile(file, change(original));
  return () => writeFile(file, original);
}

/** Change one XML file inside the newest registry ZIP. */
function inNewestZip(entry: RegExp, change: (xml: string) => string): () => Promise<() => Promise<void>> {
  return () => replaceFile(newestZip, (bytes) => {
    const files = unzipSync(bytes);
    const name = Object.keys(files).find((n) => entry.test(n))!;
    files[name] = new TextEncoder().encode(change(new TextDecoder().decode(files[name])));
    return zipSync(files);
  });
}

function expectRefused(result: Awaited<ReturnType<typeof night>>, ...reasons: RegExp[]) {
  expect(result.error).toBeInstanceOf(NightGuardError);
  const message = (result.error as Error).message;
  for (const r of reasons) expect(message).toMatch(r);
  expect(result.unchanged, 'site, state and warehouse byte-identical').toBe(true);
  return message;
}

/** The refusal's findings, one line, for the outcome table. */
function findings(result: Awaited<ReturnType<typeof night>>): string {
  return (result.error as NightGuardError).result.failures.map((f) => `${f.name}: ${f.reason}`).join('; ');
}

beforeAll(async () => {
  await rm(root, { recursive: true, force: true });
  await generateSampleCity({ outDir: raw, seed: 20261122, scale: 0.004, asOf: '2026-11-20', snapshotEvery: 10 }, quiet);
  const snapshots = path.join(raw, 'lobbyist-registry', 'snapshots');
  newestZip = path.join('lobbyist-registry', 'snapshots', (await readdir(snapshots)).sort().pop()!, 'lobbyactivity.zip');
  const config = configFor(path.join(root, 'clean'));
  await runPipeline(config, quiet);
  await runBuild(config, quiet);
  clean = (await liveManifest(path.join(root, 'clean'))).night!;
});

afterAll(async () => {
  console.log(`night faults (outcome per fault):\n${outcomes.join('\n')}`);
  await rm(root, { recursive: true, force: true });
});

describe('a night over damaged source files', () => {
  it('records what the guard compares against in the published manifest', () => {
    expect(clean.sources.src_procurement__awarded).toBeGreaterThan(20);
    expect(clean.tables.api_communications).toBeGreaterThan(100);
  });

  it('truncated CSV: refused (cut off, contracts drop); nothing changes', async () => {
    const r = await night('truncated-csv', () => replaceFile('procurement/tobids-awarded-contracts.csv', (b) => b.subarray(0, Math.floor(b.length / 2))));
    expectRefused(r, /procurement\/tobids-awarded-contracts\.csv: file ends inside its last record \(cut off\?\)/, /src_procurement__awarded: \d+ → \d+ rows/);
    outcomes.push(`truncated CSV (tobids-awarded-contracts.csv cut at half): refused, nothing changed: ${findings(r)}`);
  });

  it('empty file: refused (no header, meetings drop); nothing changes', async () => {
    const r = await night('empty-file', () => replaceFile('meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2022_2026.csv', () => ''));
    expectRefused(r, /VW_OPEN_MEETING_SCHEDULE_2022_2026\.csv: no recognised header row; file not read \(0 rows read\)/, /src_meetings__schedule/);
    outcomes.push(`empty file (meeting schedule 2022-2026, 0 bytes): refused, nothing changed: ${findings(r)}`);
  });

  it('random bytes for the newest registry ZIP: refused (broken zip, registry drops); nothing changes', async () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 13) & 0xff);
    const r = await night('random-zip', () => replaceFile(newestZip, () => bytes));
    expectRefused(r, /lobbyactivity\.zip: (broken zip file|no XML file in the snapshot)/, /src_registry__registrations: \d+ → 0 rows/);
    outcomes.push(`random bytes for the newest lobbyactivity.zip: refused, nothing changed: ${findings(r)}`);
  });

  it('broken XML tag mid-file: the rest of the file is read; refused for the one lost record until accepted, then published', async () => {
    const breakMiddle = inNewestZip(/active/i, (xml) => {
      const rows = xml.split('<ROW>');
      const mid = Math.floor(rows.length / 2);
      rows[mid] = rows[mid]!.replace('</Status>', '</Stat>');
      return rows.join('<ROW>');
    });
    // a strict guard (any drop refused): one lost record is a small share of a city of any size
    const refused = await night('broken-xml', breakMiddle, undefined, undefined, 0);
    const message = expectRefused(refused, /src_registry__registrations: (\d+) → (\d+) rows/);
    const [, before, after] = /src_registry__registrations: (\d+) → (\d+) rows/.exec(message)!;
    // Recovered: one record lost, not the rest of the file.
    expect(Number(after)).toBe(Number(before) - 1);
    const accept = /ACCEPT_DROPS='([^']+)'/.exec(message)![1]!;
    const acceptDrops = new Map(accept.split(',').map((e) => [e.slice(0, e.lastIndexOf('=')), Number(e.slice(e.lastIndexOf('=') + 1))] as const));
    const accepted = await night('broken-xml-accepted', breakMiddle, acceptDrops, undefined, 0);
    expect(accepted.error).toBeNull();
    expect(accepted.manifest.night!.sources.src_registry__registrations).toBe(clean.sources.src_registry__registrations! - 1);
    const quality = JSON.parse(await readFile(path.join(accepted.dir, 'warehouse', 'data-quality.json'), 'utf8'));
    expect(JSON.stringify(quality.quarantine)).toContain('xml parse error: unexpected close tag.');
    outcomes.push(`broken XML tag mid-file (</Stat> in the middle record of the newest active XML): rest of file read, 1 record quarantined; ` +
      `refused by a strict guard (registrations ${before} → ${after}) until ACCEPT_DROPS='${accept}', then published`);
  });

  it('wrong column count in one row: the row is quarantined, the night publishes (a 0.03 % source drop), published tables as clean', async () => {
    const r = await night('wrong-columns', () => replaceFile('council-voting-record/VW_OPEN_VOTE_2022_2026.csv', (b) => {
      const lines = b.toString('utf8').split('\n');
      const mid = Math.floor(lines.length / 2);
      lines[mid] = lines[mid]!.replace(/(\r?)$/, ',an extra cell$1'); // the City's files end lines with CRLF
      return lines.join('\n');
    }));
    expect(r.error).toBeNull();
    expect(r.manifest.night!.tables).toEqual(clean.tables);
    expect(r.manifest.night!.sources.src_votes__rows).toBe(clean.sources.src_votes__rows! - 1);
    const quality = JSON.parse(await readFile(path.join(r.dir, 'warehouse', 'data-quality.json'), 'utf8'));
    expect(JSON.stringify(quality.quarantine)).toMatch(/wrong column count \(expected \d+, got \d+\)/);
    outcomes.push('wrong column count (one vote row with an extra cell): row quarantined, published; published tables = clean, src_votes__rows −1');
  });

  it('a site build refused by the guard (the live export grew after the pipeline passed) publishes nothing and commits no state', async () => {
    const r = await night('refused-at-publish', async () => async () => {}, undefined, async (dir) => {
      // Between the pipeline and the site build, another export with more communications went live.
      const site = path.join(dir, 'site');
      const live = await liveManifest(dir);
      const grown = '2026-11-20-ffffffff';
      await cp(path.join(site, live.export_id), path.join(site, grown), { recursive: true });
      const night = { ...live.night!, tables: { ...live.night!.tables, api_communications: live.night!.tables.api_communications! * 2 } };
      await writeFile(path.join(site, grown, '_manifest.json'), JSON.stringify({ ...live, export_id: grown, night }));
      await rm(path.join(site, 'current'));
      await symlink(grown, path.join(site, 'current'));
      return tree(site);
    });
    expect((r.error as Error).message).toMatch(/night guard \(before publishing\): 1 problem against the live export 2026-11-20-ffffffff/);
    expect(r.siteBeforeBuild).toEqual(await tree(path.join(r.dir, 'site')));
    // The pipeline passed and staged its state; the refused build committed none of it.
    const state = await tree(path.join(r.dir, 'state'));
    expect(Object.keys(state).some((k) => k.startsWith('staged/'))).toBe(true);
    const committed = Object.fromEntries(Object.entries(state).filter(([k]) => !k.includes('/')));
    expect(committed).toEqual(Object.fromEntries(Object.entries(await tree(path.join(root, 'clean', 'state'))).filter(([k]) => !k.includes('/'))));
    outcomes.push('live export grew between pipeline and site build: site build refused before current moved; site unchanged, state staged, not committed');
  });

  it('BOM + CRLF (a procurement CSV, a TMMIS JSON and the registry XML): read as clean; the same export', async () => {
    const bomCrlf = (b: Buffer) => `\ufeff${b.toString('utf8').replace(/\r?\n/g, '\r\n')}`;
    const r = await night('bom-crlf', async () => {
      const undo = [
        await replaceFile('procurement/tobids-awarded-contracts.csv', bomCrlf),
        await replaceFile('tmmis/agenda-items-2022-2026.json', bomCrlf),
        await inNewestZip(/closed/i, (xml) => `\ufeff${xml.replace(/\r?\n/g, '\r\n')}`)(),
      ];
      return async () => { for (const u of undo.reverse()) await u(); };
    });
    expect(r.error).toBeNull();
    expect(r.manifest.night).toEqual(clean);
    outcomes.push('BOM + CRLF (awarded-contracts CSV, agenda-items JSON, closed registry XML): recovered, published counts = clean');
  });
});
