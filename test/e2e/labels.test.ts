// labels=1 on every list, insight and detail route of the built city, checked against a join the test does itself:
// the names come from walking /organizations (through the published L3 merges), /people, /registrations and the other
// entity lists, and the fields that get a sibling are listed here by hand, not taken from the code under test.
// Without labels nothing changes; with them the records are the same records plus their siblings, in place.
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routesOfKind } from '../../api/routes.ts';
import { loadMerges, type Merges, type Row } from './cross-figures-support.ts';
import { openE2eApp, openE2eWarehouse, requiredQuery, type E2eApp } from './harness.ts';
import { walkAll } from './walk.ts';

type Kind = 'organization' | 'person' | 'registration' | 'agenda_item' | 'application' | 'site' | 'campaign' | 'contract' | 'group' | 'topic';

/** The id fields the published schemas have, and what each names (docs/labels.md's table, written out). */
const FIXED: Record<string, Kind> = {
  organization_id: 'organization', client_organization_id: 'organization', firm_organization_id: 'organization',
  supplier_organization_id: 'organization', from_organization_id: 'organization', to_organization_id: 'organization',
  lobbyist_person_id: 'person', office_holder_person_id: 'person',
  member_person_id: 'person', candidate_person_id: 'person', former_official_person_id: 'person', registry_person_id: 'person',
  person_id: 'person', registration_id: 'registration', registration_ids: 'registration', agenda_item_id: 'agenda_item',
  application_id: 'application', site_id: 'site', campaign_id: 'campaign', contract_id: 'contract', group_id: 'group',
  parent_id: 'application',
};
/** Fields whose kind another field of the record says. */
const TYPED: Record<string, [string, Record<string, Kind>]> = {
  from_id: ['from_type', { organization: 'organization', person: 'person', registration: 'registration', agenda_item: 'agenda_item', application: 'application', contract: 'contract', topic: 'topic' }],
  to_id: ['to_type', { organization: 'organization', person: 'person', registration: 'registration', agenda_item: 'agenda_item', application: 'application', contract: 'contract', topic: 'topic' }],
  subject_id: ['subject_type', { lobbyist: 'person', firm: 'organization' }],
  scope_id: ['scope', { supplier: 'organization' }],
};
const sibling = (f: string) => (f.endsWith('_ids') ? `${f.slice(0, -4)}_names` : `${f.slice(0, -3)}_name`);

let gw: E2eApp;
let merges: Merges;
const names = new Map<Kind, Map<string, string>>();

/** Text cut at a word boundary to at most n characters, with an ellipsis (the label's rule, written again). */
function clip(text: string | null, n: number): string | null {
  if (text === null || [...text].length <= n) return text;
  return `${[...text].slice(0, n).join('').replace(/\s+\S*$/, '').replace(/[ ,;:.\-—]+$/, '')}…`;
}

beforeAll(async () => {
  gw = await openE2eApp();
  merges = await loadMerges(gw);
  const put = (kind: Kind, rows: [unknown, string | null][]) =>
    names.set(kind, new Map(rows.filter((r): r is [unknown, string] => r[1] !== null).map(([id, n]) => [String(id), n])));
  const orgs = await walkAll<Row>(gw, '/organizations');
  const orgName = new Map(orgs.map((o) => [o.id as number, o.canonical_name as string]));
  const wh = await openE2eWarehouse();
  // every registry organisation id, merged ones included, is named as the record the API answers for it
  const ids = (await wh.all<{ id: number }>('select id from int_organizations')).map((r) => r.id);
  wh.close();
  put('organization', ids.map((id) => [id, orgName.get(merges.canon(id)!) ?? null]));
  put('person', (await walkAll<Row>(gw, '/people')).map((p) => [p.id, p.canonical_name]));
  put('registration', (await walkAll<Row>(gw, '/registrations')).map((r) => [r.id,
    `${orgName.get(r.client_organization_id) ?? 'Unnamed client'} — ${clip(r.summary ?? (r.subjects.length ? r.subjects.join(', ') : null), 48)}`
      .replace(/ — null$/, '')]));
  put('agenda_item', (await walkAll<Row>(gw, '/agenda-items')).map((a) => [a.id, a.title]));
  put('application', (await walkAll<Row>(gw, '/applications')).map((a) => [a.id, a.address === null ? null : a.type ? `${a.address} (${a.type})` : a.address]));
  put('site', (await walkAll<Row>(gw, '/sites')).map((s) => [s.id, s.address]));
  put('campaign', (await walkAll<Row>(gw, '/campaigns')).map((c) => [c.id, `${c.candidate_name}, ${c.office}${c.ward === null ? '' : ` Ward ${c.ward}`}, ${c.election}`]));
  put('contract', (await walkAll<Row>(gw, '/contracts')).map((c) => [c.id,
    [c.supplier_name, clip(c.description, 90)].filter((x) => x !== null).join(': ') || null]));
  put('group', (await walkAll<Row>(gw, '/groups')).map((g) => [g.id, g.name]));
  put('topic', ((await gw.json<{ data: Row[] }>('/topics')).body.data).map((t) => [t.id, t.label]));
}, 600_000);

/** Problems of `labelled` against `plain` (the same record unlabelled), recursively; counts the names checked. */
function check(plain: unknown, labelled: unknown, where: string, seen: { named: number; nulls: number }): string[] {
  if (Array.isArray(plain)) {
    if (!Array.isArray(labelled) || labelled.length !== plain.length) return [`${where}: array differs`];
    return plain.flatMap((v, i) => check(v, labelled[i], `${where}[${i}]`, seen));
  }
  if (plain === null || typeof plain !== 'object') return Object.is(plain, labelled) ? [] : [`${where}: ${String(labelled)} ≠ ${String(plain)}`];
  const p = plain as Row;
  const l = labelled as Row;
  const expected: string[] = [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(p)) {
    expected.push(key);
    problems.push(...(key === 'evidence' ? (JSON.stringify(l[key]) === JSON.stringify(value) ? [] : [`${where}.evidence changed`])
      : check(value, l[key], `${where}.${key}`, seen)));
    const kind = FIXED[key] ?? (TYPED[key] ? (TYPED[key][1][p[TYPED[key][0]]] ?? null) : undefined);
    if (kind === undefined || sibling(key) in p) continue;
    expected.push(sibling(key));
    const want = (id: unknown) => (id === null || kind === null ? null : names.get(kind)!.get(String(id)) ?? null);
    const wanted = Array.isArray(value) ? value.map(want) : want(value);
    const got = l[sibling(key)];
    if (JSON.stringify(got) !== JSON.stringify(wanted)) problems.push(`${where}.${sibling(key)}: ${JSON.stringify(got)}, the join says ${JSON.stringify(wanted)}`);
    if (wanted === null) seen.nulls++; else seen.named++;
  }
  // the same fields, each sibling right after its id field, nothing else
  if (JSON.stringify(Object.keys(l)) !== JSON.stringify(expected)) problems.push(`${where}: fields ${Object.keys(l).join(',')} ≠ ${expected.join(',')}`);
  return problems;
}

describe('labels=1', () => {
  const total = { named: 0, nulls: 0 };

  it.each(routesOfKind('list'))('$path: the records plus their names, as the join gives them', async (route) => {
    const query = await requiredQuery(route);
    const url = (extra: string) => `${route.path}?${[query, extra].filter(Boolean).join('&')}`;
    const plain = (await gw.json<{ data: Row[]; next_cursor: string | null }>(url('limit=300'))).body;
    const res = await gw.json<{ data: Row[]; next_cursor: string | null }>(url('limit=300&labels=1'));
    expect(res.status).toBe(200);
    const seen = { named: 0, nulls: 0 };
    expect(check(plain.data, res.body.data, route.path, seen).slice(0, 5)).toEqual([]);
    // the rows and the walk do not change with the form
    expect(res.body.next_cursor).toBe(plain.next_cursor);
    total.named += seen.named;
    total.nulls += seen.nulls;
  }, 120_000);

  it.each(routesOfKind('detail'))('$path: documents with names, nested records included', async (route) => {
    const list = routes.find((r) => r.kind === 'list' && r.path === route.path.replace('/{id}', ''))!;
    const page = (await gw.json<{ data: Row[] }>(`${list.path}?limit=15`)).body.data;
    const seen = { named: 0, nulls: 0 };
    for (const record of page) {
      const path = `${list.path}/${encodeURIComponent(String(record.id))}`;
      const plain = (await gw.json<{ data: Row }>(path)).body.data;
      const labelled = await gw.json<{ data: Row }>(`${path}?labels=1`);
      expect(labelled.status).toBe(200);
      expect(check(plain, labelled.body.data, path, seen).slice(0, 5)).toEqual([]);
    }
    total.named += seen.named;
  }, 120_000);

  it('named thousands of ids across the routes (the test is not vacuous)', () => {
    expect(total.named).toBeGreaterThan(2000);
  });

  it('names a merged organisation as its canonical record, at its own id', async () => {
    const [merged, canonical] = [...merges.merged][0]!;
    const orgName = names.get('organization')!;
    expect(orgName.get(String(merged))).toBe(orgName.get(String(canonical)));
    const doc = (await gw.json<{ data: Row }>(`/organizations/${merged}?labels=1`)).body.data;
    expect(doc.id).toBe(canonical);
  });

  it('changes nothing without labels or with labels=0, and refuses any other value', async () => {
    const bare = await (await gw.get('/registrations')).text();
    expect(await (await gw.get('/registrations?labels=0')).text()).toBe(bare);
    expect(bare).not.toContain('_name"');
    for (const bad of ['2', 'yes', 'true', '']) {
      for (const path of [`/registrations?labels=${bad}`, `/organizations/1?labels=${bad}`]) {
        const res = await gw.json<Row>(path);
        expect(res.status, path).toBe(400);
        expect(res.body.error).toBe('invalid_parameter');
        expect(res.body.message).toContain('"labels"');
      }
    }
  });

  it('walks a labelled list with the unlabelled walk\'s cursors, and the other way round', async () => {
    const first = (await gw.json<{ next_cursor: string }>('/communications?limit=50')).body;
    const labelled = (await gw.json<{ data: Row[] }>(`/communications?limit=50&labels=1&cursor=${first.next_cursor}`)).body;
    const plain = (await gw.json<{ data: Row[] }>(`/communications?limit=50&cursor=${first.next_cursor}`)).body;
    expect(labelled.data.map((r) => r.id)).toEqual(plain.data.map((r) => r.id));
    expect(labelled.data[0]!).toHaveProperty('lobbyist_person_name');
  });
});
