// Shared set-up for the gateway's HTTP tests: an app over the fixture site with a fake clock, and request helpers
// that go through app.fetch / app.request without sockets.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import { resolveConfig, type ConfigOptions } from '../../config/resolve.ts';
import { createApp, type AppDeps } from '../../gateway/app.ts';
import { createExportHolder, type ExportHolder } from '../../export/serve/export-holder.ts';
import { FIXTURE_SECRET, makeFixtureSite } from './fixtures/site.ts';

export const BASE = 'http://localhost/api/v1';
/** 2026-11-20T12:00:00Z: 18 hours before the 06:00 UTC refresh. */
export const NOON = Date.parse('2026-11-20T12:00:00Z');

export async function openHolder(siteRoot: string, cursorSecret = FIXTURE_SECRET): Promise<ExportHolder> {
  const holder = createExportHolder(siteRoot, { cursorSecret, log: () => {} });
  await holder.refresh();
  return holder;
}

/** The fixture site and its opened holder for one test file: written before the file's tests, removed after. */
export function useFixtureSite(): { readonly root: string; readonly holder: ExportHolder } {
  const fixture = {} as { root: string; holder: ExportHolder };
  beforeAll(async () => {
    fixture.root = await makeFixtureSite();
    fixture.holder = await openHolder(fixture.root);
  });
  afterAll(() => rm(fixture.root, { recursive: true, force: true }));
  return fixture;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** Request `BASE + path` from client address `ip`. */
  get(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  advance(ms: number): void;
  logged: unknown[];
}

/** An app over `site` with generous limits unless overridden, and a clock starting at NOON. */
export function makeApp(site: ExportHolder, config: ConfigOptions = {}, extra: Partial<AppDeps> = {}): TestApp {
  let now = NOON;
  const logged: unknown[] = [];
  const app = createApp({
    config: resolveConfig({ cursorSecret: FIXTURE_SECRET, rateLimitAnon: 100_000, rateLimitKey: 1_000_000, ...config }, {}),
    site,
    clock: () => now,
    log: (_m, e) => logged.push(e),
    ...extra,
  });
  return {
    app,
    logged,
    advance: (ms) => { now += ms; },
    get: (path, init = {}) => {
      const { ip = '192.0.2.1', ...rest } = init;
      return Promise.resolve(app.request(`${BASE}${path}`, rest, { clientAddress: ip } as never));
    },
  };
}

/** Parse an error body and assert nothing beyond the documented fields is present. */
export async function errorOf(res: Response): Promise<{ status: number; error: string; message: string; keys: string[] }> {
  const body = (await res.json()) as Record<string, string>;
  return { status: res.status, error: body.error!, message: body.message!, keys: Object.keys(body) };
}
