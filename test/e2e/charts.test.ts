// The charts of a real export (the e2e city): every chart the index lists is served by the gateway as its media type
// with the ETag, CORS and caching of a JSON answer (304 on its ETag); every SVG is well-formed XML with its title,
// desc and source line; and the values each chart draws, read back from its spec's inline data, are the rows the API
// answers for the same insight, walked through the gateway (a per-key chart: the insight filtered to its key; a
// council-wide chart: the rows' sums). The mayor-share chart is also drawn in the suite's Chromium, and its screenshot
// kept in test-artifacts/charts-mayor-share.png.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { parseSvg } from '../helpers/svg.ts';
import { createApp } from '../../gateway/app.ts';
import { createExportHolder } from '../../export/serve/export-holder.ts';
import { BASE, e2eConfig, openE2eApp, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

interface IndexEntry { insight: string; key: string | null; title: string; svg: string; vega_lite: string }
type Row = Record<string, unknown>;
interface Spec { datasets: Record<string, Row[]>; title: { text: string }; description: string; usermeta: Record<string, string> }

let gw: E2eApp;
let requestWith: (p: string, headers?: Record<string, string>) => Promise<Response>;
let charts: IndexEntry[];
const specs = new Map<string, Spec>();
const svgs = new Map<string, string>();

const below = (url: string) => url.slice(BASE.length);
const pick = (rows: Row[], fields: string[]) => rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])));

beforeAll(async () => {
  gw = await openE2eApp();
  const config = await e2eConfig();
  const site = createExportHolder(config.siteRoot, { cursorSecret: config.cursorSecret, log: () => {} });
  await site.refresh();
  // one instant for every answer, so headers that count down to the refresh hour (Cache-Control) compare equal
  const app = createApp({ config, site, log: () => {}, clock: () => Date.UTC(2026, 0, 15, 12, 0, 0) });
  requestWith = async (p, headers = {}) => app.request(`${BASE}${p}`, { headers }, { clientAddress: '192.0.2.8' } as never);
  charts = (await gw.json<{ data: IndexEntry[] }>('/insights/charts')).body.data;
  for (const c of charts) {
    specs.set(`${c.insight} ${c.key}`, await (await gw.get(below(c.vega_lite))).json() as Spec);
    svgs.set(`${c.insight} ${c.key}`, await (await gw.get(below(c.svg))).text());
  }
}, 600_000);

describe('the charts of an export', () => {
  it('lists a chart of every charted insight, every topic and every member office, each file served as its media type like JSON', async () => {
    expect(new Set(charts.filter((c) => c.key === null).map((c) => c.insight))).toEqual(new Set(['/insights/mayor-share', '/insights/topic-volume',
      '/insights/office-contacts', '/insights/disclosure-lag', '/insights/contribution-stats', '/insights/noncompetitive-share']));
    const topics = new Set((await walkAll<{ topic: string }>(gw, '/insights/topic-volume')).map((r) => r.topic));
    expect(new Set(charts.filter((c) => c.insight === '/insights/topic-volume' && c.key !== null).map((c) => c.key))).toEqual(topics);
    const members = new Set((await walkAll<{ person_id: number }>(gw, '/insights/office-contacts')).map((r) => String(r.person_id)));
    expect(new Set(charts.filter((c) => c.insight === '/insights/office-contacts' && c.key !== null).map((c) => c.key))).toEqual(members);

    const json = await requestWith('/insights/mayor-share');
    expect(json.headers.get('cache-control')).toBe('public, max-age=64800');
    for (const c of charts.slice(0, 8)) {
      for (const [url, type] of [[c.svg, 'image/svg+xml'], [c.vega_lite, 'application/json; charset=utf-8']] as const) {
        const res = await requestWith(below(url));
        expect([res.status, res.headers.get('content-type')], url).toEqual([200, type]);
        for (const h of ['access-control-allow-origin', 'access-control-expose-headers', 'cache-control', 'vary', 'x-export-id']) {
          expect(res.headers.get(h), `${url} ${h}`).toBe(json.headers.get(h));
        }
        // the ETag a static host computes for the file (export/representations.ts)
        expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      }
    }
  });

  it('answers 304 to a chart\'s ETag and 404 to a key it has no chart of', async () => {
    const etag = (await gw.get('/insights/mayor-share/chart.svg')).headers.get('etag')!;
    const res = await requestWith('/insights/mayor-share/chart.svg', { 'if-none-match': etag });
    expect(res.status).toBe(304);
    // and in a coding, its twin's
    const br = await requestWith('/insights/mayor-share/chart.svg', { 'accept-encoding': 'br' });
    expect([br.status, br.headers.get('content-encoding'), br.headers.get('content-type')]).toEqual([200, 'br', 'image/svg+xml']);
    const missing = await gw.get('/insights/topic-volume/topics/no_such_topic/chart.svg');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
  });

  it('makes every SVG well-formed XML with its title, desc and source line', () => {
    for (const c of charts) {
      const svg = parseSvg(svgs.get(`${c.insight} ${c.key}`)!);
      const spec = specs.get(`${c.insight} ${c.key}`)!;
      expect(svg.children.slice(0, 2), c.svg).toEqual(['title', 'desc']);
      expect(svg.title).toBe(c.title);
      expect(svg.desc).toBe(spec.description);
      for (const part of [LICENCE, ATTRIBUTION, `${BASE}${c.insight}`, `export of ${spec.usermeta.export_date}`]) expect(svg.source, c.svg).toContain(part);
    }
  });

  it('draws the rows the API answers: mayor share, its ITS fit, topic volume, office contacts', async () => {
    const ms = await walkAll(gw, '/insights/mayor-share');
    const msSpec = specs.get('/insights/mayor-share null')!;
    expect(msSpec.datasets.rows).toEqual(pick(ms, ['quarter', 'category', 'mayor_office', 'all_member_offices', 'share', 'post']));
    const its = (await gw.json<{ coefficients: { term: string; estimate: number | null }[]; intervention_quarter: string; measurement: string | null }>('/insights/mayor-share/its')).body;
    const b = Object.fromEntries(its.coefficients.map((c) => [c.term, c.estimate]));
    const q = (label: string) => Number(label.slice(0, 4)) * 4 + Number(label.slice(5)) - 1;
    const series = ms.filter((r) => r.category === 'all' && r.share !== null);
    if (its.measurement === null) {
      expect(msSpec.datasets.fit!.length).toBe(q(String(series.at(-1)!.quarter)) - q(String(series[0]!.quarter)) + 1);
      for (const [t, p] of msSpec.datasets.fit!.entries()) {
        const post = t >= q(its.intervention_quarter) - q(String(series[0]!.quarter)) ? 1 : 0;
        const t0 = q(its.intervention_quarter) - q(String(series[0]!.quarter));
        expect(p.fitted as number).toBeCloseTo(b.intercept! + b.trend! * t + b.level_change! * post + b.slope_change! * (t - t0) * post, 5);
      }
    } else expect(msSpec.datasets.fit).toEqual([]);

    const tv = await walkAll(gw, '/insights/topic-volume');
    for (const c of charts.filter((x) => x.insight === '/insights/topic-volume' && x.key !== null)) {
      const api = await walkAll(gw, `/insights/topic-volume?topic=${c.key}`);
      expect(specs.get(`${c.insight} ${c.key}`)!.datasets.rows, c.key!).toEqual(pick(api, ['topic', 'month', 'registrations', 'baseline', 'p_value', 'spike']));
    }
    expect(specs.get('/insights/topic-volume null')!.datasets.rows).toEqual(pick(tv, ['topic', 'month', 'registrations', 'baseline', 'p_value', 'spike']));

    const methods = { meeting: 'Meeting', call: 'Call', email: 'Email', written: 'Written', other: 'Other', not_stated: 'Not stated' };
    const sums = (rows: Row[]) => {
      const out = new Map<string, number>();
      for (const r of rows.filter((x) => x.quarter !== 'term')) {
        for (const [m, label] of Object.entries(methods)) out.set(`${r.quarter} ${label}`, (out.get(`${r.quarter} ${label}`) ?? 0) + (r[m] as number));
      }
      return out;
    };
    const drawn = (spec: Spec) => new Map(spec.datasets.rows!.map((d) => [`${d.quarter} ${d.method}`, d.communications as number]));
    expect(drawn(specs.get('/insights/office-contacts null')!)).toEqual(sums(await walkAll(gw, '/insights/office-contacts')));
    for (const c of charts.filter((x) => x.insight === '/insights/office-contacts' && x.key !== null).slice(0, 10)) {
      expect(drawn(specs.get(`${c.insight} ${c.key}`)!), c.key!).toEqual(sums(await walkAll(gw, `/insights/office-contacts?person=${c.key}`)));
    }
  });

  it('draws the rows the API answers: disclosure lag, contribution stats, non-competitive share', async () => {
    const lag = await walkAll(gw, '/insights/disclosure-lag');
    const lagSpec = specs.get('/insights/disclosure-lag null')!;
    const pending = lag.find((r) => r.measurement !== null);
    if (pending) {
      expect(lagSpec.datasets.rows).toEqual([{ subject_type: pending.subject_type, measurement: pending.measurement }]);
      expect(parseSvg(svgs.get('/insights/disclosure-lag null')!).texts.join(' ')).toContain('Not yet measurable.');
    } else {
      expect(lagSpec.datasets.rows).toEqual(pick(await walkAll(gw, '/insights/disclosure-lag?subject_type=subject'), ['subject_id', 'communications', 'late', 'late_share']));
    }
    const stats = await walkAll(gw, '/insights/contribution-stats?scope=12');
    expect(specs.get('/insights/contribution-stats null')!.datasets.rows).toEqual(stats.flatMap((r) => [
      { election: r.election, tier: 'Tier 1: registered lobbyists', share: r.tier1_share },
      { election: r.election, tier: 'Tier 2: senior officers', share: r.tier2_share },
    ]));
    const nc = await walkAll(gw, '/insights/noncompetitive-share?scope=all&reason=*');
    expect(specs.get('/insights/noncompetitive-share null')!.datasets.rows).toEqual(nc.flatMap((r) => [
      { year: r.year, measure: 'Share of contracts', share: r.share_count }, { year: r.year, measure: 'Share of contract dollars', share: r.share_amount },
    ]));
  });

  it('draws the mayor-share chart in Chromium (screenshot in test-artifacts/)', async () => {
    const browser = await puppeteer.launch({
      executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      const svg = svgs.get('/insights/mayor-share null')!;
      const { width, height } = parseSvg(svg).root;
      await page.setViewport({ width: Math.ceil(Number(width)), height: Math.ceil(Number(height)) });
      // the SVG as an image, as a page embedding it with <img> shows it
      await page.setContent(`<!doctype html><body style="margin:0"><img id="chart" alt="" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body>`);
      await page.waitForFunction(() => (document.getElementById('chart') as HTMLImageElement).complete);
      const drawn = await page.$eval('#chart', (img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
      expect(drawn).toEqual([Number(width), Number(height)]);
      const artifacts = path.resolve(import.meta.dirname, '../../test-artifacts');
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, 'charts-mayor-share.png') });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
