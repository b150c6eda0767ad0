// Every response the gateway gives on the built city validates against the schema that openapi.json declares for
// that path and status: canonical and filtered list pages, detail documents, topics, index and error bodies. The routes
// only the sample's plants fill are checked on the default city (harness.ts, PLANT_FILLED_ROUTES).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routesOfKind } from '../../api/routes.ts';
import { defaultCity } from './city.ts';
import { e2eConfig, openCityApp, openE2eApp, PLANT_FILLED_ROUTES, requiredQuery, type E2eApp } from './harness.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
let gw: E2eApp;
let ajv: Ajv2020;
let openapi: { paths: Record<string, { get: { responses: Record<string, { $ref?: string }> } }> };

beforeAll(async () => {
  gw = await openE2eApp();
  const doc = openapi = JSON.parse(readFileSync(path.join((await e2eConfig()).siteRoot, 'current', 'api', 'v1', 'openapi.json'), 'utf8'));
  ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ ...doc, $id: 'openapi' });
});

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Validate a response against openapi.json's schema for the route path and status. */
async function expectValid(routePath: string, url: string, status: number, app: E2eApp = gw) {
  const res = await app.get(url);
  expect(res.status, url).toBe(status);
  const body = await res.json();
  // a response may be a $ref to components/responses; its schema is then found there
  const response = openapi.paths[routePath]?.get.responses[String(status)];
  expect(response, `openapi.json declares no ${status} for ${routePath}`).toBeTruthy();
  const base = response!.$ref ? `openapi${response!.$ref}` : `openapi#/paths/${pointer(routePath)}/get/responses/${status}`;
  const ref = `${base}/content/application~1json/schema`;
  const validate = ajv.getSchema(ref);
  expect(validate, `no schema at ${ref}`).toBeTruthy();
  const ok = validate!(body);
  expect(ok ? [] : validate!.errors!.slice(0, 3), url).toEqual([]);
  return body as Record<string, unknown>;
}

describe('responses validate against openapi.json', () => {
  it.each(routesOfKind('static'))('$path', async (route) => {
    await expectValid(route.path, route.path, 200);
  });

  it.each(routesOfKind('list'))('$path pages and errors', async (route) => {
    // routes whose rows come from the sample's plants (off at the e2e city) are checked on the default city
    const app = PLANT_FILLED_ROUTES.has(route.path) ? await openCityApp(await defaultCity()) : gw;
    // a route with a required parameter answers 400 without it, and pages once given the value with the most rows
    if (route.params.some((p) => p.required)) await expectValid(route.path, route.path, 400, app);
    const required = await requiredQuery(route);
    const url = (extra: string) => `${route.path}?${[required, extra].filter(Boolean).join('&')}`;
    const first = await expectValid(route.path, url(''), 200, app);
    expect((first.data as unknown[]).length).toBeGreaterThan(0);
    if (first.next_cursor) await expectValid(route.path, url(`cursor=${first.next_cursor}&limit=7`), 200, app);
    // names beside ids (an extension): the siblings are declared, so the closed records still validate
    await expectValid(route.path, url('labels=1'), 200, app);
    await expectValid(route.path, url('labels=2'), 400, app);
    await expectValid(route.path, url('limit=0'), 400, app);
    await expectValid(route.path, url('cursor=bogus'), 400, app);
    await expectValid(route.path, url('nope=1'), 400, app);
  }, 900_000);

  it.each(routesOfKind('detail'))('$path documents and 404', async (route) => {
    const list = routes.find((r) => r.kind === 'list' && r.path === route.path.replace('/{id}', ''))!;
    const page = (await (await gw.get(`${list.path}?limit=25`)).json()) as { data: { id: string | number; slug?: string }[] };
    for (const record of page.data) {
      const doc = await expectValid(route.path, `${list.path}/${record.id}`, 200);
      expect((doc.data as { id: unknown }).id).toEqual(record.id);
      if (route.slugs && record.slug) await expectValid(route.path, `${list.path}/${record.slug}`, 200);
      await expectValid(route.path, `${list.path}/${record.id}?labels=1`, 200);
    }
    await expectValid(route.path, `${list.path}/does-not-exist-0`, 404);
    await expectValid(route.path, `${list.path}/${page.data[0]!.id}?labels=maybe`, 400);
  });
});
