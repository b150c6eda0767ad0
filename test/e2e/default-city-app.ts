// The default-scale city (what `make build` makes) for the tests of planted effects: its configuration, a read-only
// warehouse, its planted truth, and a gateway over its published site, with a helper that follows cursors to the end.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Config } from '../../config/resolve.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { defaultCity } from './city.ts';
import { BASE, type E2eApp } from './harness.ts';

export interface CityApp extends E2eApp {
  /** Every row of a list endpoint, pages of 500 followed to the end. */
  list<T = Record<string, unknown>>(pathAndQuery: string): Promise<T[]>;
}

/** A gateway over a built city's published site, limits high enough for thousands of requests. */
export async function openCityApp(config: Config): Promise<CityApp> {
  const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await site.refresh();
  const app = createApp({ config, site, log: () => {} });
  const get = (p: string) => Promise.resolve(app.request(`${BASE}${p}`, {}, { clientAddress: '192.0.2.9' } as never));
  const json = async <T>(p: string) => { const res = await get(p); return { status: res.status, body: (await res.json()) as T }; };
  return {
    get,
    json,
    async list<T>(pathAndQuery: string) {
      const out: T[] = [];
      const [p, q = ''] = pathAndQuery.split('?');
      let cursor: string | null = null;
      for (let guard = 0; guard < 10_000; guard++) {
        const search = new URLSearchParams(q);
        search.set('limit', '500');
        if (cursor) search.set('cursor', cursor);
        const { status, body } = await json<{ data: T[]; next_cursor: string | null }>(`${p}?${search}`);
        expect(status, `${p}?${search}`).toBe(200);
        out.push(...body.data);
        cursor = body.next_cursor;
        if (!cursor) return out;
      }
      throw new Error(`cursor loop on ${pathAndQuery}`);
    },
  };
}

/** The default city's configuration and gateway (built on first use in this test run). */
export async function openDefaultCity(): Promise<{ config: Config; app: CityApp }> {
  const config = await defaultCity();
  return { config, app: await openCityApp(config) };
}

/** A city's planted truth (sample-truth/planted-truth.json). */
export function plantedTruth<T = Record<string, unknown>>(config: Config): T {
  return JSON.parse(readFileSync(path.join(config.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8')) as T;
}
