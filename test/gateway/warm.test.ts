// The warm-up before listening: it answers the requests clients start with in every coding through a throwaway
// gateway on a loopback socket of its own, so afterwards their bytes come from the cache (shown by removing the files
// from disk: a warmed page is still answered, a cold one is not), no client's rate-limit budget was spent, and the
// loopback server is gone.
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolve.ts';
import type { SiteHolder } from '../../gateway/utils/site-holder.ts';
import type { WarmOptions, WarmResult } from '../../gateway/utils/warm.ts';
import { openWarmServer, warmExport } from '../../gateway/utils/warm-server.ts';
import { FIXTURE_SECRET, makeFixtureSite } from './fixtures/site.ts';
import { makeApp, openHolder } from './helpers.ts';

let root: string;
beforeEach(async () => {
  root = await makeFixtureSite();
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Warm `holder`'s export as server.ts does (through a loopback socket, the default 60-a-minute limit configured). */
function warm(holder: SiteHolder, options: WarmOptions = {}): Promise<WarmResult> {
  const config = resolveConfig({ cursorSecret: FIXTURE_SECRET }, {});
  return warmExport({ config, site: holder }, { maxUrlBytes: config.http.maxUrlBytes, maxHeaderBytes: config.http.maxHeaderBytes }, options);
}

/** Remove the canonical files behind `/organizations` (the first page, and the page after it) from the export. */
async function removeFiles(next?: string) {
  const dir = path.join(root, 'current', 'api', 'v1', 'organizations');
  await rm(path.join(dir, 'index.json'));
  if (next) await rm(path.join(dir, '_pages', `${next}.json`));
}

describe('warmUp', () => {
  it('caches the first pages, later canonical pages and their codings before any client asks', async () => {
    const holder = await openHolder(root);
    const result = await warm(holder);
    // past the anonymous limit, every request answered
    expect(result.requests).toBeGreaterThan(60);
    expect(result.failed).toBe(0);

    const t = makeApp(holder, { rateLimitAnon: 60 });
    const first = await t.get('/organizations');
    const next = ((await first.clone().json()) as { next_cursor: string }).next_cursor;
    await removeFiles(next);
    for (const coding of ['br', 'gzip', 'identity']) {
      for (const p of ['/organizations', `/organizations?cursor=${next}`]) {
        const res = await t.get(p, { headers: { 'accept-encoding': coding } });
        expect(res.status, `${p} ${coding}`).toBe(200);
        expect(res.headers.get('content-encoding'), `${p} ${coding}`).toBe(coding === 'identity' ? null : coding);
      }
    }
    // the warm-up went through its own app: this client's budget is whole but for its own 7 requests
    expect((await t.get('/topics')).headers.get('ratelimit')).toBe('"anonymous";r=52;t=60');
  });

  it('is what keeps those pages answerable: without it the removed files are missed', async () => {
    const holder = await openHolder(root);
    const t = makeApp(holder);
    await removeFiles();
    expect((await t.get('/organizations', { headers: { 'accept-encoding': 'br' } })).status).not.toBe(200);
  });

  it('warms only the essential requests when the budget is spent', async () => {
    const holder = await openHolder(root);
    const full = await warm(holder);
    const essential = await warm(holder, { budgetMs: 0 });
    expect(essential.requests).toBeLessThan(full.requests);
  });

  it('goes through a loopback server of its own, closed afterwards', async () => {
    const seen: number[] = [];
    const loopback = await openWarmServer((req, res) => { seen.push(req.socket.localPort!); res.end(req.url); }, '/api/v1',
      { maxUrlBytes: 8_192, maxHeaderBytes: 16_384 });
    const answer = await loopback.get('/organizations?limit=7', 'gzip');
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body).toString()).toBe('/api/v1/organizations?limit=7');
    await loopback.close();
    const refused = await new Promise<string>((resolve) => {
      request({ host: '127.0.0.1', port: seen[0], path: '/' }, () => resolve('answered')).on('error', (e: NodeJS.ErrnoException) => resolve(e.code!)).end();
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
