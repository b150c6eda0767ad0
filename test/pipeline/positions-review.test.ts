// Organisation positions and reviewer decisions: the generator's agenda-item communications (determinism, truth),
// the two adapters (fixture + quarantine), the position features on a tiny known city (clear support, clear
// opposition, hedged wording, a look-alike organisation), and the position model's quality on the e2e city. The sample's
// reviewer decisions are tested in test/links-fitting/review-sample.test.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCity } from '../../sample/generate.ts';
import { WORDING_TEMPLATES } from '../../sample/positions/wording.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { prepareModels, runModel } from '../../pipeline/lib/models.ts';
import { Quarantine } from '../../pipeline/sources/common/quarantine.ts';
import { createSourceTables } from '../../pipeline/sources/common/tables.ts';
import { loadItemCommunications } from '../../pipeline/sources/tmmis-communications.ts';
import { isIsoTimestamp, loadReviewDecisions } from '../../pipeline/sources/review.ts';
import { readLinkModel } from '../../pipeline/links/model-file.ts';
import positionTruth from '../../links-fitting/truth/position.ts';
import { e2eCity } from '../e2e/city.ts';
import { runModelsFor } from '../helpers/models-for.ts';

const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
const TERMS = ['2006-2010', '2010-2014', '2014-2018', '2018-2022', '2022-2026'];
const commFile = (t: string) => `tmmis/agenda-item-communications-${t}.json`;
const model = readLinkModel('position');
const score = (x: Record<string, number>) => {
  let z = model.intercept;
  for (const [k, w] of Object.entries(model.weights)) z += w * (x[k] ?? 0);
  return 1 / (1 + Math.exp(-z));
};

describe('sample city: agenda-item communications and position truth', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'positions-'));
  const a = path.join(root, 'a'), b = path.join(root, 'b');
  const options = { seed: 7, scale: 0.004, asOf: '2026-11-20', snapshotEvery: 30 };
  beforeAll(async () => {
    await generateSampleCity({ outDir: a, ...options });
    await generateSampleCity({ outDir: b, ...options });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is deterministic: the new files and the truth are byte-identical across runs', () => {
    for (const f of [...TERMS.map(commFile), 'sample-truth/planted-truth.json']) expect(sha(path.join(b, f)), f).toBe(sha(path.join(a, f)));
  });

  it('writes TMMIS-like records and plants positions, unclear letters and look-alike decoys that point at them', () => {
    const records = TERMS.flatMap((t) => JSON.parse(readFileSync(path.join(a, commFile(t)), 'utf8')).Records as Record<string, unknown>[]);
    const byId = new Map(records.map((r) => [r.communicationId, r]));
    expect(records.length).toBeGreaterThan(20);
    expect(new Set(records.map((r) => r.communicationTypeCd))).toContain('LETTER');
    expect(records.some((r) => r.organizationName === null && r.fromName)).toBe(true); // residents
    const truth = JSON.parse(readFileSync(path.join(a, 'sample-truth/planted-truth.json'), 'utf8'));
    const positions = truth.links.organisationPosition as { organisation: string; reference: string; stance: string; communicationId: number; typed: string }[];
    expect(positions.length).toBeGreaterThan(3);
    for (const p of positions) {
      const r = byId.get(p.communicationId)!;
      expect(r, String(p.communicationId)).toBeDefined();
      expect(r.reference).toBe(p.reference);
      expect(r.organizationName).toBe(p.typed);
      expect(['support', 'oppose']).toContain(p.stance);
    }
    expect(new Set(positions.map((p) => p.stance)).size).toBe(2);
    const lobbied = new Set((truth.links.registrationItem as { reference: string }[]).map((l) => l.reference));
    expect(positions.filter((p) => lobbied.has(p.reference)).length / positions.length).toBeGreaterThan(0.5);
    expect(truth.positionDecoys.length).toBeGreaterThan(0);
    for (const d of truth.positionDecoys) expect(byId.get(d.communicationId)?.organizationName).toBe(d.typed);
    expect(truth.positionUnclear.length).toBeGreaterThan(0);
    expect(truth.positionMalformed.map((m: { reason: string }) => m.reason).sort()).toEqual(['missing organisation and person', 'missing reference']);
  });
});

describe('adapters: item communications and reviewer decisions', () => {
  let wh: Warehouse;
  const raw = mkdtempSync(path.join(tmpdir(), 'positions-raw-'));
  const quarantine = new Quarantine();
  beforeAll(async () => {
    mkdirSync(path.join(raw, 'tmmis'));
    mkdirSync(path.join(raw, 'review'));
    const good = { communicationId: 101, agendaItemId: 5, reference: '2024.PH1.1', communicationNumber: 'PH1.1.1', communicationTypeCd: 'LETTER',
      communicationTypeDesc: 'Letter', dateReceived: 1717214400000, communicationTitle: '(June 1, 2024) Letter', fromName: 'Ana Silva',
      organizationName: 'Bayview Developments Inc.', summary: '<p>Writes in <b>support</b> of the application.</p>', agendaItemUrl: 'https://x/y' };
    writeFileSync(path.join(raw, commFile('2022-2026')), JSON.stringify({ TotalRecordCount: 4, Records: [
      good, { ...good, communicationId: 102, reference: null }, { ...good, communicationId: 103, fromName: ' ', organizationName: null }, 'not a record',
      { ...good, communicationId: 104, organizationName: null, fromName: 'A Resident' }] }));
    writeFileSync(path.join(raw, 'review', 'decisions.csv'), [
      'task,from_type,from_id,to_type,to_id,decision,reviewer,reviewed_at,note',
      'position,organization,12,agenda_item,2024.PH1.1,confirmed,A. Reviewer,2026-11-02T10:15:00Z,letter of support',
      'L5,person,3,person,9,Rejected,A. Reviewer,2026-11-03,"namesake, different middle name"',
      'L9,person,3,person,9,confirmed,A. Reviewer,2026-11-03,',
      'L1,registration,SM1,agenda_item,2024.PH1.1,maybe,A. Reviewer,2026-11-03,',
      'L1,registration,SM1,agenda_item,2024.PH1.1,confirmed,A. Reviewer,2026-02-30,',
      'position,organization,12,agenda_item,2024.PH1.1,rejected,B. Reviewer,2026-11-05T08:00:00Z,second look: a look-alike',
    ].join('\n') + '\n');
    wh = await openWarehouse(':memory:');
    await createSourceTables(wh);
    const ctx = { wh, rawDir: raw, log: () => {}, quarantine };
    await loadItemCommunications(ctx);
    await loadReviewDecisions(ctx);
    await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)'); // read by the macros
    await prepareModels(wh);
    await runModel(wh, 'staging', 'stg_tmmis__item_communications');
    await runModel(wh, 'staging', 'stg_review__decisions');
  });
  afterAll(() => { wh?.close(); rmSync(raw, { recursive: true, force: true }); });

  it('loads communications as text with lineage and quarantines records without reference or sender', async () => {
    const rows = await wh.all<Record<string, string>>('select * from src_tmmis__item_communications order by source_position');
    expect(rows.map((r) => r.communication_id)).toEqual(['101', '104']);
    expect(rows[0]).toMatchObject({ term: '2022-2026', reference: '2024.PH1.1', organization_name: 'Bayview Developments Inc.',
      summary: 'Writes in support of the application.', source_file: commFile('2022-2026'), source_position: '1' });
    const reasons = quarantine.entries.filter((e) => e.source === 'tmmis').map((e) => `${e.sourcePosition}:${e.reason}`);
    expect(reasons).toEqual(['2:missing reference', '3:missing organisation and person', '4:record is not an object']);
    const [s] = await wh.all<Record<string, string>>(`select * from stg_tmmis__item_communications where communication_id = '101'`);
    expect(s).toMatchObject({ agenda_item_id: '2024.PH1.1', communication_type: 'LETTER', date_received: '2024-06-01', org_key: 'bayview developments inc' });
  });

  it('loads decisions and quarantines unknown tasks, other decisions and bad timestamps; the latest decision wins', async () => {
    const reasons = quarantine.entries.filter((e) => e.source === 'review').map((e) => e.reason).sort();
    expect(reasons).toEqual(['bad reviewed_at timestamp', 'decision not confirmed or rejected', 'unknown task']);
    const rows = await wh.all<Record<string, unknown>>('select task, from_id, decision, reviewer, reviewed_on, decisions from stg_review__decisions order by task');
    expect(rows).toEqual([
      { task: 'L5', from_id: '3', decision: 'rejected', reviewer: 'A. Reviewer', reviewed_on: '2026-11-03', decisions: '1' },
      { task: 'position', from_id: '12', decision: 'rejected', reviewer: 'B. Reviewer', reviewed_on: '2026-11-05', decisions: '2' },
    ]);
    expect(isIsoTimestamp('2026-11-02T10:15:00Z')).toBe(true);
    expect(isIsoTimestamp('2026-11-02 10:15')).toBe(true);
    expect(isIsoTimestamp('2026-13-02')).toBe(false);
    expect(isIsoTimestamp('02/11/2026')).toBe(false);
  });
});

describe('position features on a tiny known city', () => {
  let wh: Warehouse;
  const raw = mkdtempSync(path.join(tmpdir(), 'positions-city-'));
  type Out = { from_id: string; to_id: string; x: Record<string, number>; evidence: Record<string, any>; extra: { stance: string | null } };
  let rows: Out[] = [];
  const pair = (from: string, to: string) => rows.find((r) => r.from_id === from && r.to_id === to)!;
  const lexicon = [
    ...WORDING_TEMPLATES.support.map((t) => [t('the application'), 'support', 'clear']),
    ...WORDING_TEMPLATES.oppose.map((t) => [t('the application'), 'oppose', 'clear']),
    ...WORDING_TEMPLATES.hedged.map((t) => [t('the application'), null, 'hedged|none']),
    ...WORDING_TEMPLATES.mixed.map((t) => [t('the application'), null, 'mixed|none']),
    ...WORDING_TEMPLATES.neutral.map((t) => [t('the application'), null, 'none']),
    // wording the generator never uses
    ['We do not support the proposed tower.', 'oppose', 'clear'],
    ['The association is against the bike lane removal.', 'oppose', 'clear'],
    ['We have no objection to the report.', null, 'none'],
    ['Council should approve this; we welcome the plan.', 'support', 'clear'],
  ] as [string, string | null, string][];

  beforeAll(async () => {
    mkdirSync(path.join(raw, 'tmmis'));
    const rec = (id: number, reference: string, org: string | null, summary: string) => ({ communicationId: id, agendaItemId: 1, reference,
      communicationTypeCd: 'LETTER', communicationTypeDesc: 'Letter', dateReceived: 1717214400000, fromName: 'Ana Silva', organizationName: org, summary });
    const records = [
      rec(1, '2024.PH1.1', 'BAYVIEW DEVELOPMENTS INC.', 'Writes in support of the application.'),
      rec(2, '2024.PH1.1', 'Lakeshore Homes Ltd', 'Asks Council not to adopt the report.'),
      rec(3, '2024.PH1.2', 'Toronto Cycling Association', 'Supports the intent of the item but has concerns about parking.'),
      rec(4, '2024.PH1.2', 'Bayview Developments Group Ltd.', 'Objects to the proposal.'),
      rec(5, '2024.PH1.2', null, 'Strongly opposed to the proposal.'),
      rec(6, '2024.PH1.4', 'Hollis Grant LLP, on behalf of Lakeshore Homes Limited', 'Writes in support of the application.'),
      rec(7, '2024.PH1.4', 'TCA', 'Objects to the proposal.'),
      ...lexicon.map(([text], i) => rec(100 + i, '2024.PH1.3', null, text)),
    ];
    writeFileSync(path.join(raw, commFile('2022-2026')), JSON.stringify(records));
    wh = await openWarehouse(':memory:');
    await createSourceTables(wh);
    await loadItemCommunications({ wh, rawDir: raw, log: () => {}, quarantine: new Quarantine() });
    await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)'); // read by the macros
    await prepareModels(wh);
    await wh.exec(`
      create table int_organizations as select * from (values
        (1, 'bayview developments inc', 'Bayview Developments Inc.', ['Bayview Towers']),
        (2, 'bayview developments group ltd', 'Bayview Developments Group Ltd.', []::varchar[]),
        (3, 'lakeshore homes ltd', 'Lakeshore Homes Limited', ['Lakeshore Homes Ltd.']),
        (4, 'toronto cycling association', 'Toronto Cycling Association', []::varchar[])
      ) as t(id, org_key, canonical_name, aliases);
      create table int_agenda_items as select * from (values
        ('2024.PH1.1', '100 Queen St W - Zoning By-law Amendment Application - Final Report'),
        ('2024.PH1.2', 'Bloor Street Bike Lanes - Extension to Runnymede'),
        ('2024.PH1.3', 'Lexicon cases'),
        ('2024.PH1.4', '55 Bloor St W - Official Plan Amendment Application')
      ) as t(id, title);
      create table int_registrations as select * from (values
        ('SM1', 1, 'Zoning by-law amendment for 100 Queen St W to permit a mixed-use building', null)
      ) as t(id, client_organization_id, particulars, subject_matter_definition);`);
    await runModelsFor(wh, ['lnk_position']); // with the staged communications it reads
    rows = (await wh.all<{ from_id: string; to_id: string; x: string; evidence: string; extra: string }>(
      'select from_id, to_id, to_json(x)::varchar as x, evidence::varchar as evidence, extra::varchar as extra from lnk_position'))
      .map((r) => ({ from_id: r.from_id, to_id: r.to_id, x: JSON.parse(r.x), evidence: JSON.parse(r.evidence), extra: JSON.parse(r.extra) }));
  });
  afterAll(() => { wh?.close(); rmSync(raw, { recursive: true, force: true }); });

  it('reads clear support from a case variant of the registry name, with the lobbying and the evidence', () => {
    const r = pair('1', '2024.PH1.1');
    expect(r.extra.stance).toBe('support');
    expect(r.x).toMatchObject({ name_exact: 1, stance_clear: 1, stance_hedged: 0, best_match: 1, legal_form_agree: 1 });
    expect(r.x.lobbied_keyword_overlap).toBeGreaterThan(0.5);
    expect(r.evidence.communication).toMatchObject({ id: '1', type: 'LETTER', date_received: '2024-06-01', organization_name_as_typed: 'BAYVIEW DEVELOPMENTS INC.' });
    expect(r.evidence.matched_phrases.support).toContain('in support of');
    expect(score(r.x)).toBeGreaterThanOrEqual(0.9);
  });

  it('reads a negated support ("not to adopt") as clear opposition, across legal-form spellings', () => {
    const r = pair('3', '2024.PH1.1');
    expect(r.extra.stance).toBe('oppose');
    expect(r.x).toMatchObject({ name_exact: 1, base_exact: 1, stance_clear: 1, legal_form_agree: 1 });
    expect(r.evidence.matched_phrases.oppose).toContain('neg_support');
    expect(score(r.x)).toBeGreaterThanOrEqual(0.9);
  });

  it('does not call hedged wording a clear stance', () => {
    const r = pair('4', '2024.PH1.2');
    expect(r.x).toMatchObject({ name_exact: 1, stance_clear: 0, stance_hedged: 1 });
    expect(r.evidence.matched_phrases.hedges.length).toBeGreaterThan(0);
    expect(score(r.x)).toBeLessThan(0.7);
  });

  it('keeps the look-alike organisation apart: the letter goes to the organisation it names', () => {
    const own = pair('2', '2024.PH1.2'), lookalike = pair('1', '2024.PH1.2');
    expect(own.x).toMatchObject({ name_exact: 1, best_match: 1, stance_clear: 1 });
    expect(own.extra.stance).toBe('oppose');
    expect(lookalike.x).toMatchObject({ name_exact: 0, best_match: 0, legal_form_conflict: 1 });
    expect(lookalike.x.typed_tokens_extra).toBeGreaterThan(0);
    expect(score(own.x)).toBeGreaterThanOrEqual(0.9);
    expect(score(lookalike.x)).toBeLessThan(0.5);
    expect(rows.some((r) => r.to_id === '2024.PH1.3')).toBe(false); // residents are never candidates
  });

  it('reads the organisation a firm writes on behalf of, and initials signed for a name', () => {
    const behalf = pair('3', '2024.PH1.4');
    expect(behalf.x).toMatchObject({ on_behalf: 1, name_exact: 1, stance_clear: 1 });
    expect(behalf.extra.stance).toBe('support');
    expect(score(behalf.x)).toBeGreaterThanOrEqual(0.9);
    expect(rows.filter((r) => r.to_id === '2024.PH1.4').map((r) => r.from_id).sort()).toEqual(['3', '4']); // not the firm
    const initials = pair('4', '2024.PH1.4');
    expect(initials.x).toMatchObject({ initials_match: 1, name_exact: 0, on_behalf: 0 });
    expect(initials.extra.stance).toBe('oppose');
  });

  it('reads every wording of the lexicon as documented', async () => {
    const stances = await wh.all<{ communication_id: string; stance: string | null; clarity: string }>('select communication_id, stance, clarity from lnk_position_stance');
    const byId = new Map(stances.map((s) => [s.communication_id, s]));
    lexicon.forEach(([text, stance, clarity], i) => {
      const s = byId.get(String(100 + i))!;
      expect(clarity.split('|'), text).toContain(s.clarity);
      if (clarity === 'clear') expect(s.stance, text).toBe(stance);
    });
  });
});

describe('position quality on the e2e sample city', () => {
  it('scores planted positions with precision ≥ 0.95 at ≥ 0.9 and ≥ 0.80 in [0.7, 0.9), with recall > 0', async () => {
    const config = await e2eCity();
    const wh = await openWarehouse(config.warehousePath, { readOnly: true });
    try {
      const planted = JSON.parse(readFileSync(path.join(config.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8'));
      const truth = await positionTruth(wh, planted);
      expect(truth.positives.size).toBeGreaterThan(0);
      expect(truth.decoys.size).toBeGreaterThan(0);
      const rows = await wh.all<{ from_id: string; to_id: string; x: string }>('select from_id, to_id, to_json(x)::varchar as x from lnk_position');
      const scored = rows.map((r) => ({ key: `${r.from_id}|${r.to_id}`, p: score(JSON.parse(r.x)) }));
      const band = (lo: number, hi: number) => scored.filter((r) => r.p >= lo && r.p < hi);
      const precision = (xs: { key: string }[]) => (xs.length ? xs.filter((r) => truth.positives.has(r.key)).length / xs.length : 1);
      const high = band(0.9, 2), moderate = band(0.7, 0.9);
      expect(high.length).toBeGreaterThan(0);
      expect(precision(high)).toBeGreaterThanOrEqual(0.95);
      expect(precision(moderate)).toBeGreaterThanOrEqual(0.8);
      const recall = [...truth.positives].filter((k) => scored.some((r) => r.key === k && r.p >= 0.7)).length / truth.positives.size;
      expect(recall).toBeGreaterThan(0);
      // no planted decoy reaches the publication threshold of the task
      expect(scored.filter((r) => r.p >= 0.95 && truth.decoys.has(r.key))).toEqual([]);
    } finally {
      wh.close();
    }
  }, 600_000);
});
