// Shared access to the end-to-end city built by global-setup.ts: its config, the warehouse (read-only) and a
// gateway app over its published site, with requests through app.request (no sockets).
import { inject } from 'vitest';
import type { Config } from '../../config/resolve.ts';
import { resolveConfig } from '../../config/resolve.ts';
import { createApp } from '../../gateway/app.ts';
import { createSiteHolder } from '../../gateway/utils/site-holder.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/lib/warehouse.ts';

export const BASE = 'http://localhost/api/v1';

export function e2eConfig(): Config {
  const raw = JSON.parse(inject('e2eConfig')) as Config & { apiKeys: string[] };
  return resolveConfig({ ...raw, apiKeys: raw.apiKeys, rateLimitAnon: 1_000_000, rateLimitKey: 1_000_000 }, {});
}

export async function openE2eWarehouse(): Promise<Warehouse> {
  return openWarehouse(e2eConfig().warehousePath, { readOnly: true });
}

export interface E2eApp {
  get(pathAndQuery: string): Promise<Response>;
  json<T = Record<string, unknown>>(pathAndQuery: string): Promise<{ status: number; body: T }>;
}

/** A gateway over the published e2e site with limits high enough for thousands of requests. */
export async function openE2eApp(): Promise<E2eApp> {
  const config = e2eConfig();
  const site = createSiteHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await site.refresh();
  const app = createApp({ config, site, log: () => {} });
  const get = (p: string) => Promise.resolve(app.request(`${BASE}${p}`, {}, { clientAddress: '192.0.2.7' } as never));
  return {
    get,
    async json<T>(p: string) {
      const res = await get(p);
      return { status: res.status, body: (await res.json()) as T };
    },
  };
}
