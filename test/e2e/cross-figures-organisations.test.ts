// A record merged by a published L3 link is one record everywhere: not listed, answered by its canonical record, named by no id.
import { beforeAll, describe, expect, it } from 'vitest';
import type { E2eApp } from './harness.ts';
import { CITIES, loadMerges, openCity, type Merges, type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';

describe.each(CITIES)('merged organisations on the %s', (city, config) => {
  let gw: E2eApp;
  let merges: Merges;
  let listed: Row[];
  beforeAll(async () => {
    gw = await openCity(config);
    merges = await loadMerges(gw);
    listed = await walkAll(gw, '/organizations');
  });

  it('has published L3 merges to test (the default city: the planted firm under three spellings)', () => {
    expect(merges.merged.size).toBeGreaterThan(0);
    if (city !== 'default city') return;
    const beacon = merges.components.find((ids) => ids.some((id) => merges.names.get(id) === 'Beacon Government Relations Inc.'));
    expect(beacon?.map((id) => merges.names.get(id)).sort()).toEqual(['BGR', 'Baecon Government Relations Inc.', 'Beacon Government Relations Inc.']);
  });

  it('lists canonical records only', () => {
    expect(listed.filter((o) => merges.merged.has(o.id)).map((o) => `${o.id} ${o.canonical_name}`)).toEqual([]);
  });

  it('answers a merged id with the canonical record', async () => {
    const answered = new Map<number, unknown>();
    for (const id of merges.merged.keys()) {
      const { status, body } = await gw.json<Row>(`/organizations/${id}`);
      answered.set(id, status === 200 ? body.data.id : `status ${status}`);
    }
    expect(answered).toEqual(merges.merged);
  });

  it('answers a merged record\'s old slug with the canonical record', async () => {
    // the old slug as published beside the merged id (the list, a group's members, a contract's supplier) while any
    // record shows it; else the slugs the pipeline gives its name (slugify, with the id added where names collide)
    const published = new Map<number, string>();
    const note = (id: number | null, slug: string | null) => { if (id !== null && slug && merges.merged.has(id)) published.set(id, slug); };
    for (const o of listed) note(o.id, o.slug);
    for (const g of await walkAll<Row>(gw, '/groups')) {
      for (const m of (await gw.json<Row>(`/groups/${g.id}`)).body.data.member_organizations as Row[]) note(m.id, m.slug);
    }
    for (const c of await walkAll<Row>(gw, '/contracts')) note(c.supplier_organization_id, c.supplier_slug);
    const answered = new Map<string, unknown>(), expected = new Map<string, unknown>();
    for (const [id, canonical] of merges.merged) {
      const slug = slugify(merges.names.get(id) ?? '');
      if (!slug) continue; // a name without letters or digits never had a slug
      const candidates = published.has(id) ? [published.get(id)!] : [slug, `${slug}-${id}`];
      if (published.has(id)) expect([slug, `${slug}-${id}`]).toContain(published.get(id)); // the derivation holds
      const answers: unknown[] = [];
      for (const c of candidates) {
        const { status, body } = await gw.json<Row>(`/organizations/${encodeURIComponent(c)}`);
        answers.push(status === 200 ? body.data.id : `status ${status}`);
      }
      answered.set(`${candidates.join(' or ')} (of ${id})`, answers.includes(canonical) ? canonical : answers);
      expected.set(`${candidates.join(' or ')} (of ${id})`, canonical);
    }
    expect(expected.size).toBeGreaterThan(0);
    expect(answered).toEqual(expected);
  });

  it('gives the canonical record the merged records\' names as aliases', async () => {
    const have = new Map<number, string[]>(), want = new Map<number, string[]>();
    for (const [canonical, ...mergedIds] of merges.components) {
      const aliases = new Set<string>((await gw.json<Row>(`/organizations/${canonical}`)).body.data.aliases);
      const names = mergedIds.map((id) => merges.names.get(id)!).filter((n) => n !== merges.names.get(canonical));
      have.set(canonical, names.filter((n) => aliases.has(n)).sort());
      want.set(canonical, names.sort());
    }
    expect(have).toEqual(want);
  });

  it('lists on the canonical record every registration that names a record of its component', async () => {
    const registrations = await walkAll<Row>(gw, '/registrations');
    const namedBy = new Map<number, Set<string>>(); // organisation id → registrations naming it (client, firm or party)
    const name = (org: number | null, reg: string) => { if (org !== null) namedBy.set(org, (namedBy.get(org) ?? new Set()).add(reg)); };
    for (const r of registrations) {
      name(r.client_organization_id, r.id);
      name(r.firm_organization_id, r.id);
      for (const p of (await gw.json<Row>(`/registrations/${r.id}`)).body.data.parties as Row[]) name(p.organization_id, r.id);
    }
    const missing = new Map<number, string[]>(), none = new Map<number, string[]>();
    let compared = 0;
    for (const ids of merges.components) {
      const listedRegs = new Set(((await gw.json<Row>(`/organizations/${ids[0]}`)).body.data.registrations as Row[]).map((r) => r.registration_id));
      const naming = [...new Set(ids.flatMap((id) => [...(namedBy.get(id) ?? [])]))].sort();
      compared += naming.length;
      missing.set(ids[0]!, naming.filter((r) => !listedRegs.has(r)));
      none.set(ids[0]!, []);
    }
    expect(compared).toBeGreaterThan(0);
    expect(missing).toEqual(none);
  });

  it('names no merged id in any organisation-id field of a list or insight', async () => {
    const found = new Map<string, number>(); // "path field=id" → rows naming it
    const scan = async (path: string, fields: string[], where: (r: Row) => boolean = () => true) => {
      for (const r of (await walkAll<Row>(gw, path)).filter(where)) {
        for (const f of fields) {
          const key = `${path} ${f}=${r[f]}`;
          if (r[f] !== null && merges.merged.has(Number(r[f]))) found.set(key, (found.get(key) ?? 0) + 1);
        }
      }
    };
    await scan('/registrations', ['client_organization_id', 'firm_organization_id']);
    await scan('/contracts', ['supplier_organization_id']);
    await scan('/contributions', ['organization_id']);
    await scan('/insights/firm-clients', ['firm_organization_id', 'client_organization_id']);
    await scan('/insights/noncompetitive-share?scope=supplier', ['scope_id']);
    await scan('/insights/contribution-overlap', ['organization_id']);
    await scan('/insights/coordinated-giving', ['organization_id']);
    await scan('/insights/upcoming', ['client_organization_id']);
    await scan('/insights/meeting-rates?subject_type=firm', ['subject_id'], (r) => r.subject_type === 'firm');
    await scan('/insights/disclosure-lag?subject_type=firm', ['subject_id'], (r) => r.subject_type === 'firm');
    // the timeline is asked per organisation: every listed one and every merged id
    for (const id of new Set([...listed.map((o) => o.id as number), ...merges.merged.keys()])) {
      await scan(`/insights/procurement-timeline?organization=${id}`, ['organization_id', 'supplier_organization_id']);
    }
    expect(found).toEqual(new Map());
  });
});

/** The pipeline's slugify macro (pipeline/models/macros.sql): lower-case ASCII words joined by hyphens. */
function slugify(name: string): string | null {
  const slug = name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || null;
}
