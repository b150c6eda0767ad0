// Republishing the same export date under load: while concurrent clients walk canonical and filtered
// cursor pages and fetch detail documents through app.fetch, a rebuild publishes a new export of the same date. No
// answer is a 5xx, every ETag names one body (a file's is the static host's formula over its SHA-256 and size; an
// engine answer's, which hashes export and query, never goes with two different bodies), every page of a walk comes
// from one export, the new
// export id is served within the (short, injected) poll interval, walks begun on the earlier export go on from it
// while it is kept, and get `cursor_expired` once it is pruned.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEtag } from '../../export/representations.ts';
import { publishSite } from '../../build/publish.ts';
import { fileEffects } from '../../build/site/effects.ts';
import { toExportId, type SiteInput } from '../../build/site/input.ts';
import { readSiteInput } from '../../build/site/read-warehouse.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder, type ExportHolder } from '../../export/serve/export-holder.ts';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { e2eCity } from './city.ts';

const POLL_MS = 200;
const KEEP = 2;
const BASE = 'http://localhost/api/v1';
// Canonical walks (default limit: the page files) and filtered ones (the engine), on the routes the issue names.
const WALKS = ['/people', '/communications', '/links', '/applications', '/sites',
  '/people?limit=9&role=lobbyist', '/communications?limit=11&office_holder_type=member_of_council', '/links?limit=13&task=L4',
  '/applications?limit=17&kind=coa', '/sites?limit=19'];
const DETAILS = ['/people/1', '/people/2', '/organizations/1', '/sites/1', '/agenda-items'];

let root: string;
let config: Config;
let input: SiteInput;
let holder: ExportHolder;
let app: ReturnType<typeof createApp>;

interface Seen { status: number; exportId: string | null; error?: string }
const answers: Seen[] = [];
const problems: string[] = [];

// Body digest by engine-answer ETag: a strong tag must never be sent with two different bodies.
const bodyOfTag = new Map<string, string>();

/** One GET through app.fetch, checked: no 5xx, error bodies on errors, on 200 an ETag that names this body only. */
async function get(p: string): Promise<{ res: Response; body: Record<string, unknown>; exportId: string | null }> {
  const res = await app.fetch(new Request(`${BASE}${p}`));
  const bytes = new Uint8Array(await res.arrayBuffer());
  const body = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const exportId = res.headers.get('x-export-id');
  if (res.status >= 500) problems.push(`${res.status} ${p}: ${JSON.stringify(body)}`);
  if (res.status === 200) {
    const digest = createHash('sha256').update(bytes).digest('hex');
    const etag = res.headers.get('etag') ?? '';
    if (/^"[0-9a-f]+-[0-9a-f]+"$/.test(etag)) {
      // a file: nginx's "<mtime>-<size>" with the writer's content-hash mtime (export/representations.ts)
      if (etag !== fileEtag(digest, bytes.byteLength)) problems.push(`file etag ${etag} does not name the body of ${p}`);
    } else if (/^"[0-9a-f]{32}"$/.test(etag)) {
      const seen = bodyOfTag.get(etag);
      if (seen === undefined) bodyOfTag.set(etag, digest);
      else if (seen !== digest) problems.push(`etag ${etag} was sent with two different bodies (${p})`);
    } else problems.push(`etag ${etag} of ${p} is neither a file tag nor an answer tag`);
  } else if (typeof body.error !== 'string' || typeof body.message !== 'string') problems.push(`${res.status} without error body: ${p}`);
  answers.push({ status: res.status, exportId, error: body.error as string | undefined });
  return { res, body, exportId };
}

/** Walk `start` to the end (or to cursor_expired); every page must come from the export of the first page. */
async function walk(start: string, pause: () => Promise<void> = async () => {}): Promise<{ pages: number; expired: boolean }> {
  let { body, exportId, res } = await get(start);
  const first = exportId;
  let pages = 1;
  for (let guard = 0; guard < 500; guard++) {
    const cursor = body.next_cursor as string | null | undefined;
    if (res.status !== 200 || !cursor) break;
    await pause();
    ({ body, exportId, res } = await get(`${start}${start.includes('?') ? '&' : '?'}cursor=${cursor}`));
    if (res.status === 400 && body.error === 'cursor_expired') return { pages, expired: true };
    if (res.status !== 200) problems.push(`${res.status} ${body.error} walking ${start}`);
    if (exportId !== first) problems.push(`walk ${start} began on ${first} and went on with ${exportId}`);
    pages++;
  }
  return { pages, expired: false };
}

function publish(runId: string) {
  return publishSite({
    siteRoot: root, keep: KEEP,
    exportIdFor: (g) => toExportId(input.exportDate, runId, g),
    build: (dir, exportId) => writeSite({ ...input, runId, exportId }, dir, fileEffects(() => {})),
  });
}

beforeAll(async () => {
  const city = await e2eCity();
  root = await mkdtemp(path.join(os.tmpdir(), 'republish-'));
  config = resolveConfig({ ...city, siteRoot: root, keepExports: KEEP }, {});
  const wh = await openWarehouse(city.warehousePath, { readOnly: true });
  try {
    input = await readSiteInput(wh, { baseUrl: config.baseUrl, cursorSecret: config.cursorSecret });
  } finally {
    wh.close();
  }
  await publish('night-1');
  holder = createExportHolder(root, { cursorSecret: config.cursorSecret, keep: KEEP, log: (m, e) => problems.push(`${m} ${String(e)}`) });
  await holder.refresh();
  holder.startPolling(POLL_MS);
  app = createApp({ config, site: holder, log: (m, e) => problems.push(`${m} ${String(e)}`) });
});

afterAll(async () => {
  holder?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('republishing the same date under load', () => {
  it('switches to the new export within the poll interval, without a 5xx, with every ETag the hash of its body', async () => {
    const first = holder.current()!.exportId;
    // Walks begun on night 1 and paused: they go on after the switch.
    const paused = await Promise.all(WALKS.map(async (w) => ({ w, page: (await get(w)).body })));
    let stop = false;
    let switchedAt: number | null = null;
    const load = Array.from({ length: 12 }, async (_, i) => {
      let walks = 0;
      while (!stop) {
        await walk(WALKS[(i + walks) % WALKS.length]!, () => new Promise((r) => setTimeout(r, 2)));
        const { exportId } = await get(DETAILS[(i + walks) % DETAILS.length]!);
        if (switchedAt === null && exportId !== first) switchedAt = performance.now();
        walks++;
      }
      return walks;
    });
    await new Promise((r) => setTimeout(r, 300));
    const second = (await publish('night-2')).manifest.export_id;
    const published = performance.now();
    expect(second).not.toBe(first);
    expect(second.slice(0, 10)).toBe(first.slice(0, 10)); // same date, another export
    while (switchedAt === null && performance.now() - published < 10_000) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    const walked = await Promise.all(load);
    const lag = (switchedAt ?? Infinity) - published;
    // The holder re-reads `current` every POLL_MS; opening the new export (its Arrow tables) comes on top.
    expect(lag, `new export served ${Math.round(lag)} ms after it was published`).toBeLessThan(POLL_MS + 2_000);
    expect(holder.current()!.exportId).toBe(second);
    expect(walked.reduce((a, b) => a + b, 0)).toBeGreaterThan(12);
    expect(new Set(answers.map((a) => a.exportId))).toEqual(new Set([first, second]));

    // The paused walks of night 1 go on from night 1 (kept), page after page.
    for (const { w, page } of paused) {
      if (!page.next_cursor) continue;
      const next = await get(`${w}${w.includes('?') ? '&' : '?'}cursor=${page.next_cursor}`);
      expect(next.res.status, w).toBe(200);
      expect(next.exportId, w).toBe(first);
    }
    expect(problems).toEqual([]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    console.log(`republish under load: ${answers.length} answers (${answers.filter((a) => a.status === 200).length} 200s), 0 5xx; ` +
      `${second} served ${Math.round(lag)} ms after it was published (poll ${POLL_MS} ms)`);
  });

  it('answers walks of a pruned export with cursor_expired, never a 500', async () => {
    const live = holder.current()!.exportId;
    const pages = await Promise.all(WALKS.map(async (w) => ({ w, page: (await get(w)).body })));
    // Two more nights: with KEEP = 2 the export these walks began on is pruned.
    await publish('night-3');
    await publish('night-4');
    await holder.refresh();
    expect(holder.current()!.exportId).not.toBe(live);
    let expired = 0;
    for (const { w, page } of pages) {
      if (!page.next_cursor) continue;
      const next = await get(`${w}${w.includes('?') ? '&' : '?'}cursor=${page.next_cursor}`);
      expect(next.res.status, w).toBe(400);
      expect(next.body.error, w).toBe('cursor_expired');
      expired++;
    }
    expect(expired).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
