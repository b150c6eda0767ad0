// The charts stage on hand-made insight rows: every chart's SVG is well-formed XML with its title, desc and source
// line (licence, attribution, export date); the spec carries the rows it draws inline and takes its container's
// width; the fitted line is the ITS coefficients' and the band the one given; what cannot be drawn is said in words
// (a quarter without a share, a pending disclosure lag); and the same rows make the same bytes, in any time zone.
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { documentBody } from '../../api/query/envelope.ts';
import { makeCharts, type ChartsInput } from '../../build/charts/write-charts.ts';
import { parseSvg } from '../helpers/svg.ts';
import { chartRecords, disclosureLagRows, itsDoc, mayorShareRows, officeContactsRows, topicVolumeRows } from './helpers/chart-rows.ts';

const BASE = 'https://api.example.org/api/v1';

function input(options: { pendingLag?: boolean; measured?: boolean; band?: boolean } = {}): ChartsInput {
  return {
    baseUrl: BASE, exportDate: '2026-01-15', records: chartRecords(options),
    itsBody: documentBody(JSON.stringify(itsDoc(options.measured ?? true))),
    topics: new Map([['affordable_housing', 'Affordable housing'], ['transit', 'Public transit']]),
    labels: (kind, id) => (kind === 'person' ? { 7: 'Ada Member', 9: 'Bo Member' }[id] : undefined),
    itsBand: new Map(options.band === false ? [] : [['2019Q1', { low: 0.14, high: 0.18 }], ['2024Q1', { low: 0.5, high: 0.56 }]]),
  };
}

const spec = (files: Map<string, string>, rel: string) => JSON.parse(files.get(rel)!) as {
  width: unknown; description: string; title: { text: string; subtitle: string[] }; datasets: Record<string, Record<string, unknown>[]>; usermeta: Record<string, string>;
};

describe('the charts stage', () => {
  it('writes a spec and an SVG for each chart at its route\'s file, and indexes them', async () => {
    const { files, index } = await makeCharts(input());
    // the six insights, each topic and each member office
    expect(index.map((c) => `${c.insight} ${c.key}`)).toEqual([
      '/insights/mayor-share null', '/insights/topic-volume null', '/insights/topic-volume affordable_housing', '/insights/topic-volume transit',
      '/insights/office-contacts null', '/insights/office-contacts 7', '/insights/office-contacts 9', '/insights/disclosure-lag null',
      '/insights/contribution-stats null', '/insights/noncompetitive-share null',
    ]);
    expect(files.size).toBe(2 * index.length);
    expect(index[2]).toMatchObject({
      svg: `${BASE}/insights/topic-volume/topics/affordable_housing/chart.svg`, vega_lite: `${BASE}/insights/topic-volume/topics/affordable_housing/chart.vl.json`,
    });
    expect(files.has('api/v1/insights/office-contacts/members/7/chart.svg')).toBe(true);
    expect(files.has('api/v1/insights/mayor-share/chart.vl.json')).toBe(true);
  });

  it('makes every SVG well-formed XML whose <title>, <desc> and source line come first and last, at a fixed size', async () => {
    const { files, index } = await makeCharts(input());
    for (const chart of index) {
      const rel = `api/v1${chart.svg.slice(BASE.length)}`;
      const svg = parseSvg(files.get(rel)!);
      const s = spec(files, rel.replace(/\.svg$/, '.vl.json'));
      expect(svg.children.slice(0, 2), rel).toEqual(['title', 'desc']);
      expect(svg.title).toBe(chart.title);
      expect(svg.desc).toBe(s.description);
      expect(svg.root.role).toBe('img');
      expect(Number(svg.root.width)).toBeGreaterThan(300);
      expect(Number(svg.root.height)).toBeGreaterThan(150);
      expect(svg.root.viewBox).toBe(`0 0 ${svg.root.width} ${svg.root.height}`);
      for (const part of [LICENCE, ATTRIBUTION, 'export of 2026-01-15', `${BASE}${chart.insight}`]) expect(svg.source, rel).toContain(part);
      // the title and subtitle are drawn, and the spec says the same
      expect(svg.texts).toContain(chart.title);
      expect(s.title.text).toBe(chart.title);
      expect(s.width).toBe('container');
      expect(s.usermeta).toMatchObject({ licence: LICENCE, attribution: ATTRIBUTION, export_date: '2026-01-15' });
    }
  });

  it('draws the rows as published: the spec\'s inline data are the insight\'s rows (or their sums)', async () => {
    const { files } = await makeCharts(input());
    const ms = spec(files, 'api/v1/insights/mayor-share/chart.vl.json');
    const fields = ['quarter', 'category', 'mayor_office', 'all_member_offices', 'share', 'post'];
    expect(ms.datasets.rows).toEqual(mayorShareRows().map((r) => Object.fromEntries(fields.map((f) => [f, r[f]]))));
    // the fitted line is the coefficients' (t counts quarters from the series' first, 2019Q1; t0 = 2023Q1 is t = 16)
    const fit = new Map(ms.datasets.fit!.map((p) => [p.quarter, p]));
    expect(fit.get('2019Q1')).toMatchObject({ fitted: 0.16, segment: 'before', ci_low: 0.14, ci_high: 0.18 });
    expect(fit.get('2024Q1')!.fitted).toBeCloseTo(0.16 + 0.001 * 20 + 0.33 - 0.002 * 4, 6);
    expect(fit.get('2024Q1')).toMatchObject({ segment: 'after', ci_low: 0.5, ci_high: 0.56 });
    expect(fit.get('2020Q1')).toMatchObject({ ci_low: null, ci_high: null });
    expect(ms.title.subtitle.join(' ')).toContain('level change +33.0 points (95 % CI +28.0 to +38.0 points, p < 0.001)');

    const transit = spec(files, 'api/v1/insights/topic-volume/topics/transit/chart.vl.json');
    expect(transit.datasets.rows).toEqual(topicVolumeRows().filter((r) => r.topic === 'transit').map(({ model_version: _, ...r }) => r));
    expect(transit.title.text).toContain('Public transit');

    const council = spec(files, 'api/v1/insights/office-contacts/chart.vl.json');
    const quarterRows = officeContactsRows().filter((r) => r.quarter !== 'term');
    for (const method of ['meeting', 'email', 'not_stated']) {
      const label = { meeting: 'Meeting', email: 'Email', not_stated: 'Not stated' }[method];
      expect(council.datasets.rows!.find((d) => d.quarter === '2024Q2' && d.method === label)!.communications)
        .toBe(quarterRows.filter((r) => r.quarter === '2024Q2').reduce((s, r) => s + (r[method] as number), 0));
    }
    const ada = spec(files, 'api/v1/insights/office-contacts/members/7/chart.vl.json');
    expect(ada.title.text).toContain('Ada Member');
    expect(ada.datasets.rows!.filter((d) => d.quarter === '2024Q1').reduce((s, d) => s + (d.communications as number), 0)).toBe(12);

    const lag = spec(files, 'api/v1/insights/disclosure-lag/chart.vl.json');
    expect(lag.datasets.rows).toEqual(disclosureLagRows().filter((r) => r.subject_type === 'subject').map((r) => ({ subject_id: r.subject_id, communications: r.communications, late: r.late, late_share: r.late_share })));
  });

  it('says why a value is missing: a quarter without a share, a year without a dollar share, tier 3 never drawn', async () => {
    const { files } = await makeCharts(input());
    expect(spec(files, 'api/v1/insights/mayor-share/chart.vl.json').title.subtitle.join(' ')).toMatch(/Gaps: 1 quarter-and-category values have no share \(no member office was contacted\)/);
    expect(spec(files, 'api/v1/insights/noncompetitive-share/chart.vl.json').title.subtitle.join(' ')).toMatch(/1 years have no dollar share/);
    const stats = files.get('api/v1/insights/contribution-stats/chart.vl.json')!;
    expect(stats).not.toContain('tier3');
    expect(JSON.parse(stats).datasets.rows.map((d: { election: string }) => d.election)).toEqual(['2018', '2018', '2022', '2022']);
  });

  it('draws a pending disclosure lag and an unestimated ITS as words, not empty axes', async () => {
    const { files } = await makeCharts(input({ pendingLag: true, measured: false, band: false }));
    const lag = parseSvg(files.get('api/v1/insights/disclosure-lag/chart.svg')!);
    expect(lag.texts.join(' ')).toContain('Not yet measurable. The registry snapshot history spans 2 months; rows appear from 2026-05-01');
    expect(lag.desc).toContain('not measurable');
    const ms = spec(files, 'api/v1/insights/mayor-share/chart.vl.json');
    expect(ms.datasets.fit).toEqual([]);
    expect(ms.title.subtitle.join(' ')).toContain('Interrupted time series not estimated: 16 quarters before 2023Q1 and 3 from it');
  });

  it('makes the same bytes from the same rows, in any time zone', async () => {
    const zone = process.env.TZ;
    try {
      const a = await makeCharts(input());
      process.env.TZ = 'Pacific/Kiritimati';
      const b = await makeCharts(input());
      process.env.TZ = 'America/Toronto';
      const c = await makeCharts(input());
      expect([...b.files]).toEqual([...a.files]);
      expect([...c.files]).toEqual([...a.files]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
