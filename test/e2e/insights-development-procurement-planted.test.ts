// The planted development and procurement effects (sample/README.md, "Planted insight effects: development and
// procurement") found in the default city's published insights: lobbied OZ and SA applications approved far more often
// than the rest of their type (OZ passes the 20-application minimum and shows it; SA is published suppressed), the
// application detail carrying its type's row, organisations whose communications fall inside windows of solicitations
// they won, and the planted null: a won solicitation whose window closed before the organisation's first communication.
import { beforeAll, describe, expect, it } from 'vitest';
import { openDefaultCity, plantedTruth, type CityApp } from './default-city-app.ts';

interface ByType { type: string; lobbied: number; approvedBefore: number; approvedAfter: number; applications: string[] }
interface Window { organisation: string; name: string; document: string; issue: string; deadline: string; award: string; insideDates: string[] }
interface Truth { developmentProcurementEffects: {
  applicationOutcomes: { types: string[]; approvalProbability: number; byType: ByType[] } | null;
  solicitationWindows: { winners: Window[]; nulls: Window[] } | null;
} }
type Row = Record<string, unknown>;

let app: CityApp;
let truth: Truth['developmentProcurementEffects'];
let comparison: Row[];
beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  truth = plantedTruth<Truth>(city.config).developmentProcurementEffects;
  comparison = await app.list('/insights/application-comparison?level=type&kind=development');
}, 600_000);

describe('planted: lobbied applications approved more often than their matched controls', () => {
  it('plants both types with most of their lobbied files not approved beforehand', () => {
    expect(truth.applicationOutcomes).not.toBeNull();
    const byType = truth.applicationOutcomes!.byType;
    expect(byType.map((t) => t.type)).toEqual(['OZ', 'SA']);
    for (const t of byType) expect(t.approvedAfter - t.approvedBefore, t.type).toBeGreaterThan(0);
  });

  it('finds the effect where the type passes the 20-application minimum, and withholds it where it does not', () => {
    const rows = truth.applicationOutcomes!.byType.map((t) => comparison.find((r) => r.type === t.type)!);
    const shown = rows.filter((r) => r.suppressed === null), withheld = rows.filter((r) => r.suppressed !== null);
    expect(shown.map((r) => r.type)).toEqual(['OZ']);
    expect(withheld.map((r) => r.type)).toEqual(['SA']);
    for (const r of shown) {
      expect(r.lobbied_n).toBeGreaterThanOrEqual(20);
      expect(r.matched_n).toBeGreaterThanOrEqual(20);
      expect(r.lobbied_approval_rate as number).toBeGreaterThanOrEqual(0.9);
      expect(r.approval_rate_difference as number, 'planted approval gap').toBeGreaterThanOrEqual(0.25);
    }
    for (const r of withheld) {
      expect(r.lobbied_n as number).toBeLessThan(20);
      expect(r.suppressed).toMatch(/^fewer than 20 applications in the lobbied group/);
      for (const [k, v] of Object.entries(r)) if (/rate|days_to_decision/.test(k)) expect(v, k).toBeNull();
    }
  });

  it('carries the type\'s city-wide row in the application detail', async () => {
    const oz = truth.applicationOutcomes!.byType.find((t) => t.type === 'OZ')!;
    const row = comparison.find((r) => r.type === 'OZ')!;
    const { status, body } = await app.json<{ data: { comparison: Row | null } }>(`/applications/${encodeURIComponent(oz.applications[0]!)}`);
    expect(status).toBe(200);
    expect(body.data.comparison).toEqual(row);
  });
});

describe('planted: communications inside the windows of solicitations the organisation won', () => {
  const supplierOf = async (document: string) => {
    const contracts = await app.list<{ supplier_organization_id: number | null }>(`/contracts?document=${document}`);
    expect(contracts.length, document).toBe(1);
    expect(contracts[0]!.supplier_organization_id, document).not.toBeNull();
    return contracts[0]!.supplier_organization_id!;
  };

  it('marks every planted winner\'s communications in its window inside', async () => {
    const winners = truth.solicitationWindows!.winners;
    expect(winners.length).toBeGreaterThanOrEqual(3);
    for (const w of winners) {
      const org = await supplierOf(w.document);
      const timeline = await app.list(`/insights/procurement-timeline?organization=${org}`);
      expect(timeline.some((r) => r.event === 'solicitation_issued' && r.document_number === w.document && r.date === w.issue), w.document).toBe(true);
      expect(timeline.some((r) => r.event === 'contract_awarded' && r.document_number === w.document && r.date === w.award), w.document).toBe(true);
      expect(w.insideDates.length).toBeGreaterThan(0);
      const inWindow = timeline.filter((r) => r.event === 'communication' && (r.date as string) >= w.issue && (r.date as string) <= w.award);
      expect(new Set(inWindow.map((r) => r.date))).toEqual(new Set(w.insideDates));
      for (const r of inWindow) expect(r.inside, `${w.document} ${r.date}`).toBe(1);
      const flagged = await app.list(`/insights/procurement-timeline?organization=${org}&inside=1`);
      expect(flagged.length).toBeGreaterThanOrEqual(inWindow.length);
      expect(flagged.every((r) => r.event === 'communication' && r.inside === 1)).toBe(true);
    }
  });

  it('does not find the planted null: a won window that closed before the first communication holds none', async () => {
    const nulls = truth.solicitationWindows!.nulls;
    expect(nulls.length).toBe(1);
    for (const n of nulls) {
      const org = await supplierOf(n.document);
      const timeline = await app.list(`/insights/procurement-timeline?organization=${org}`);
      expect(timeline.some((r) => r.event === 'contract_awarded' && r.document_number === n.document)).toBe(true);
      const comms = timeline.filter((r) => r.event === 'communication');
      expect(comms.length).toBeGreaterThan(0);
      expect(comms.filter((r) => r.document_number === n.document)).toEqual([]);
      expect(comms.filter((r) => (r.date as string) >= n.issue && (r.date as string) <= n.award)).toEqual([]);
    }
  });

  it('answers 400 with the error body without an organisation', async () => {
    const { status, body } = await app.json<{ error: string; message: string }>('/insights/procurement-timeline');
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_parameter');
    expect(body.message).toMatch(/organization/);
  });
});
