// Shared access to the end-to-end city built by global-setup.ts: its config, the warehouse (read-only) and a
// gateway app over its published site, with requests through app.request (no sockets).
import type { Config } from '../../config/resolve.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { e2eCity } from './city.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { openWarehouse, quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';

export const BASE = 'http://localhost/api/v1';

/** List routes whose rows only the sample's plants make (several linked lobbyists of one organisation at one campaign):
 *  the e2e city, below the plant scale, has none, so the suites that need rows check them on the default city. */
export const PLANT_FILLED_ROUTES: ReadonlySet<string> = new Set(['/insights/coordinated-giving', '/insights/contribution-overlap']);

/** The e2e city's configuration (built on first use in this test run). */
export async function e2eConfig(): Promise<Config> {
  return e2eCity();
}

export async function openE2eWarehouse(): Promise<Warehouse> {
  return openWarehouse((await e2eConfig()).warehousePath, { readOnly: true });
}

export interface E2eApp {
  get(pathAndQuery: string): Promise<Response>;
  json<T = Record<string, unknown>>(pathAndQuery: string): Promise<{ status: number; body: T }>;
}

/** A gateway over the published e2e site with limits high enough for thousands of requests. */
export async function openE2eApp(): Promise<E2eApp> {
  return openCityApp(await e2eConfig());
}

/** A gateway over a built city's published site (the e2e city, or `defaultCity()` from city.ts). */
export async function openCityApp(config: Config): Promise<E2eApp> {
  const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
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

/** The query string of a route's required parameters, each set to the value most rows of its table hold (ties: the
 *  lowest); '' for a route without one. */
export async function requiredQuery(route: ListRoute): Promise<string> {
  const search = new URLSearchParams();
  const wh = await openE2eWarehouse();
  try {
    for (const p of route.params.filter((x) => x.required)) {
      const [row] = await wh.all<{ v: unknown }>(`select ${quoteIdent(p.filter!.column)} as v from ${quoteIdent(route.table)}
        where ${quoteIdent(p.filter!.column)} is not null group by all order by count(*) desc, v limit 1`);
      search.set(p.name, String(row!.v));
    }
  } finally {
    wh.close();
  }
  return search.toString();
}
