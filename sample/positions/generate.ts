// TMMIS agenda-item communications of the sample city (tmmis/agenda-item-communications-<term>.json): letters,
// submissions and presentations from organisations (registry organisations under the names they type, look-alike
// organisations, organisations the registry never saw) and from residents, with a short summary that states
// support or opposition, or hedges. Returns the planted position truth. Every draw comes from the `positions`
// stream, so the generator's older files stay byte-identical.
import { isoOf, torontoMidnightMs } from '../common/dates.ts';
import { TERMS } from '../council/terms.ts';
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, LOBBYIST_FIRST, LOBBYIST_LAST, POSITIONS } from '../data/names.ts';
import type { Registry } from '../registry/registrations.ts';
import type { Org } from '../registry/types.ts';
import type { Rng } from '../common/rng.ts';
import type { Item } from '../common/types.ts';
import { Out } from '../write/out.ts';
import { lookalikeName, nameSimilarity, RegistryNames, typedName } from './names.ts';
import { summary, type Stance, type Wording } from './wording.ts';

export const COMMUNICATION_TYPES: Record<string, string> = {
  LETTER: 'Letter', SUBMIT: 'Submission', PRESENT: 'Presentation', EMAIL: 'E-mail', PETITION: 'Petition',
};
const TYPE_CODES = ['LETTER', 'SUBMIT', 'PRESENT', 'EMAIL', 'PETITION'];
const TYPE_WEIGHTS = [45, 20, 18, 14, 3];
const OUTSIDE_PLACES = ['Bayview', 'Lakeshore', 'Danforth', 'Rosedale', 'Kingsway', 'Riverside', 'Parkview', 'Greenwood', 'Liberty', 'Humber Bay', 'Leslieville', 'Annex',
  'Cabbagetown', 'Corktown', 'Seaton Village', 'Wychwood', 'Davisville', 'Leaside', 'Mimico', 'Long Branch', 'Birch Cliff', 'Agincourt', 'Weston', 'Swansea'];
const OUTSIDE_KINDS = ['Residents\' Association', 'Community Association', 'Tenants Association', 'BIA', 'Heritage Society', 'Neighbours for Safe Streets'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface PositionTruth {
  links: { organisationPosition: unknown[] };
  top: { positionDecoys: unknown[]; positionUnclear: unknown[]; positionMalformed: unknown[] };
  shares: { organisationPosition: number; positionDecoysPerTrue: number };
  counts: { itemCommunications: number; truthOrganisationPosition: number };
}

interface Comm {
  id: number; item: Item; day: number; type: string; from: string; org: string | null; text: string;
  truth?: { organisation: string; stance: Stance; wording: Wording; kind: string; similarity: number };
  decoy?: { lookalikeOf: string; writer: string | null; similarity: number; kind: string };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const person = (rng: Rng, resident: boolean) => resident
  ? `${rng.pick(rng.chance(0.5) ? FIRST_NAMES_F : FIRST_NAMES_M)} ${rng.pick(LAST_NAMES)}`
  : `${rng.pick(LOBBYIST_FIRST)} ${rng.pick(LOBBYIST_LAST)}`;

export function generatePositions(rng: Rng, outDir: string, asOfDay: number, items: Item[], reg: Registry): PositionTruth {
  const dayOfItem = (it: Item) => it.meeting.days[0];
  const open = items.filter((it) => it.reference && it.agendaCd !== 'FM' && dayOfItem(it) - 2 <= asOfDay);
  const inRegistry = reg.orgs.orgs.filter((o) => o.used.size > 0 && o.kind !== 'firm');
  const names = new RegistryNames(reg.orgs.orgs);
  // Registry look-alikes: a decoy organisation and the one it resembles, both present in the registry.
  const lookalikes = new Map<string, Org[]>();
  for (const o of inRegistry) if (o.decoyOf) {
    const a = inRegistry.find((x) => x.id === o.decoyOf);
    if (a) { lookalikes.set(a.id, [...(lookalikes.get(a.id) ?? []), o]); lookalikes.set(o.id, [...(lookalikes.get(o.id) ?? []), a]); }
  }
  // Organisation × item pairs of the registry (the L1 truth: the registration's organisation lobbied on the item).
  const pairs: { org: Org; item: Item; firm: Org | null }[] = [];
  const seenPair = new Set<string>();
  for (const r of reg.regs) {
    if (!r.writeSm || !r.item?.reference || dayOfItem(r.item) - 2 > asOfDay || r.item.agendaCd === 'FM') continue;
    const k = `${r.org.id}|${r.item.reference}`;
    if (!seenPair.has(k)) { seenPair.add(k); pairs.push({ org: r.org, item: r.item, firm: r.type === 'Consultant' ? r.lobbyist.org : null }); }
  }

  const comms: Comm[] = [];
  const add = (item: Item, c: Omit<Comm, 'id' | 'item' | 'day' | 'type'>, type?: string) => {
    const day = Math.min(asOfDay, dayOfItem(item) - rng.int(1, 21));
    comms.push({ id: 0, item, day, type: type ?? rng.weighted(TYPE_CODES, TYPE_WEIGHTS), ...c });
  };
  const wordingRoll = (): Wording => rng.weighted<Wording>(['clear', 'hedged', 'mixed', 'neutral'], [78, 12, 4, 6]);
  const writeAs = (o: Org, item: Item, stance: Stance, wording: Wording, firm: Org | null = null) => {
    const t = typedName(rng, o, firm, names);
    add(item, { from: person(rng, false), org: t.name, text: summary(rng, wording, stance),
      truth: { organisation: o.id, stance, wording, kind: t.kind, similarity: nameSimilarity(t.name, o) } });
  };

  for (const { org, item, firm } of pairs) {
    if (rng.chance(0.62)) {
      const stance: Stance = rng.chance(0.6) ? 'support' : 'oppose';
      const wording = wordingRoll();
      writeAs(org, item, stance, wording, firm);
      if (rng.chance(0.15)) writeAs(org, item, stance, 'clear', firm); // a deputation after the letter
    }
    if (rng.chance(0.45)) {
      // A different organisation with a look-alike name writes on the same item: a registry look-alike under one
      // of its own typed names, or an organisation the registry never saw.
      const others = lookalikes.get(org.id) ?? [];
      const stance: Stance = rng.chance(0.5) ? 'support' : 'oppose';
      if (others.length && rng.chance(0.5)) {
        const b = rng.pick(others), t = typedName(rng, b, null, names);
        add(item, { from: person(rng, false), org: t.name, text: summary(rng, 'clear', stance),
          truth: { organisation: b.id, stance, wording: 'clear', kind: t.kind, similarity: nameSimilarity(t.name, b) },
          decoy: { lookalikeOf: org.id, writer: b.id, similarity: nameSimilarity(t.name, org), kind: `registry look-alike, ${t.kind}` } });
      } else {
        const t = lookalikeName(rng, org, names);
        if (t) add(item, { from: person(rng, false), org: t.name, text: summary(rng, 'clear', stance),
          decoy: { lookalikeOf: org.id, writer: null, similarity: nameSimilarity(t.name, org), kind: t.kind } });
      }
    }
  }
  // Registry organisations that write on items they did not lobby on (true positions without an L1 link), and
  // organisations outside the registry whose names look like a registry organisation's, on any item.
  if (open.length && inRegistry.length) for (let k = Math.round(pairs.length * 0.15); k > 0; k--) {
    writeAs(rng.pick(inRegistry), rng.pick(open), rng.chance(0.55) ? 'support' : 'oppose', wordingRoll());
  }
  if (open.length && inRegistry.length) for (let k = Math.round(pairs.length * 0.1); k > 0; k--) {
    const o = rng.pick(inRegistry), t = lookalikeName(rng, o, names), item = rng.pick(open);
    if (t) add(item, { from: person(rng, false), org: t.name, text: summary(rng, 'clear', rng.chance(0.5) ? 'support' : 'oppose'),
      decoy: { lookalikeOf: o.id, writer: null, similarity: nameSimilarity(t.name, o), kind: t.kind } });
  }
  // Organisations the registry never saw, and residents.
  const nOrgs = comms.length;
  if (open.length) {
    for (let k = Math.round(nOrgs * 0.35); k > 0; k--) {
      const item = pairs.length && rng.chance(0.6) ? rng.pick(pairs).item : rng.pick(open);
      // a local body the registry never saw; a name the registry holds would be that registry organisation's letter
      let org = '';
      for (let tries = 0; tries < 10 && !org; tries++) { const n = `${rng.pick(OUTSIDE_PLACES)} ${rng.pick(OUTSIDE_KINDS)}`; if (!names.taken(n)) org = n; }
      if (org) add(item, { from: person(rng, true), org, text: summary(rng, wordingRoll(), rng.chance(0.5) ? 'support' : 'oppose') });
    }
    for (let k = Math.round(nOrgs * 1.1); k > 0; k--) {
      const item = pairs.length && rng.chance(0.6) ? rng.pick(pairs).item : rng.pick(open);
      add(item, { from: person(rng, true), org: null, text: summary(rng, wordingRoll(), rng.chance(0.5) ? 'support' : 'oppose') }, rng.pick(['LETTER', 'EMAIL', 'PRESENT']));
    }
  }

  // Ids in date order; numbers per item (`PH5.1.3` = third communication on item PH5.1).
  comms.sort((a, b) => a.day - b.day || (a.item.reference! < b.item.reference! ? -1 : a.item.reference! > b.item.reference! ? 1 : 0) || cmp(a.org ?? '', b.org ?? '') || cmp(a.text, b.text));
  comms.forEach((c, i) => { c.id = 9_100_001 + i; });
  const perItem = new Map<string, number>();
  const records = new Map<string, string[]>(TERMS.map((t) => [t.key, []]));
  for (const c of comms) {
    const ref = c.item.reference!, n = (perItem.get(ref) ?? 0) + 1;
    perItem.set(ref, n);
    const d = new Date(c.day * 864e5), year = ref.slice(0, 4), code = c.item.agendaCd.toLowerCase();
    const title = `(${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}) ${COMMUNICATION_TYPES[c.type]} from ${c.from}${c.org ? `, ${c.from.length % 3 ? rng.pick(POSITIONS) + ', ' : ''}${c.org}` : ''}`;
    records.get(c.item.term.key)!.push(JSON.stringify({
      communicationId: c.id, agendaItemId: c.item.agendaItemId, reference: ref, communicationNumber: `${ref.slice(5)}.${n}`,
      communicationTypeCd: c.type, communicationTypeDesc: COMMUNICATION_TYPES[c.type], dateReceived: torontoMidnightMs(c.day),
      communicationTitle: title, fromName: c.from, organizationName: c.org, summary: c.text,
      attachmentUrl: `https://www.toronto.ca/legdocs/mmis/${year}/${code}/comm/communicationfile-${c.id}.pdf`,
      agendaItemUrl: `https://secure.toronto.ca/council/agenda-item.do?item=${ref}`,
    }));
  }
  // Records a pipeline must quarantine: no reference; neither a person nor an organisation.
  const malformed: unknown[] = [];
  const lastTerm = TERMS[TERMS.length - 1].key, list = records.get(lastTerm)!;
  if (comms.length) {
    const c = comms[comms.length - 1];
    list.push(JSON.stringify({ communicationId: 9_000_001, agendaItemId: c.item.agendaItemId, reference: null, communicationTypeCd: 'LETTER', communicationTypeDesc: 'Letter',
      dateReceived: torontoMidnightMs(c.day), fromName: c.from, organizationName: c.org, summary: 'Writes in support of the proposal.' }));
    malformed.push({ file: `tmmis/agenda-item-communications-${lastTerm}.json`, record: list.length, reason: 'missing reference' });
    list.push(JSON.stringify({ communicationId: 9_000_002, agendaItemId: c.item.agendaItemId, reference: c.item.reference, communicationTypeCd: 'SUBMIT', communicationTypeDesc: 'Submission',
      dateReceived: torontoMidnightMs(c.day), fromName: '', organizationName: null, summary: 'Opposes the application.' }));
    malformed.push({ file: `tmmis/agenda-item-communications-${lastTerm}.json`, record: list.length, reason: 'missing organisation and person' });
  }
  for (const t of TERMS) {
    const recs = records.get(t.key)!;
    const o = new Out(`${outDir}/tmmis/agenda-item-communications-${t.key}.json`);
    o.text(`{"TotalRecordCount":${recs.length},"TotalPages":1,"PageSize":${recs.length},"PageNumber":1,"Result":"OK","Records":[\n`);
    recs.forEach((r, i) => o.text(r + (i + 1 < recs.length ? ',\n' : '\n')));
    o.text(']}\n');
    o.close();
  }

  // Truth: one position per organisation and item stated in clear wording; unclear ones and decoys listed apart.
  const lobbied = new Set(pairs.map((p) => `${p.org.id}|${p.item.reference}`));
  const positions = new Map<string, Record<string, unknown>>();
  const unclear: Record<string, unknown>[] = [];
  for (const c of comms) if (c.truth) {
    const key = `${c.truth.organisation}|${c.item.reference}`;
    const entry = { organisation: c.truth.organisation, reference: c.item.reference, agendaItemId: c.item.agendaItemId, stance: c.truth.stance, communicationId: c.id,
      date: isoOf(c.day), typed: c.org, kind: c.truth.kind, similarity: c.truth.similarity, unalike: c.truth.similarity < 0.85, lobbied: lobbied.has(key) };
    if (c.truth.wording === 'clear') { if (!positions.has(key)) positions.set(key, entry); }
    else unclear.push({ ...entry, wording: c.truth.wording });
  }
  const truePositions = [...positions.values()];
  const decoys = comms.filter((c) => c.decoy && !positions.has(`${c.decoy.lookalikeOf}|${c.item.reference}`)).map((c) => ({
    organisation: c.decoy!.lookalikeOf, reference: c.item.reference, communicationId: c.id, typed: c.org, writer: c.decoy!.writer,
    similarity: c.decoy!.similarity, kind: c.decoy!.kind, related: false, note: c.decoy!.writer ? 'a registry organisation with a look-alike name wrote' : 'an organisation outside the registry with a look-alike name wrote' }));
  const unclearOnly = unclear.filter((u) => !positions.has(`${u.organisation}|${u.reference}`));
  return {
    links: { organisationPosition: truePositions },
    top: { positionDecoys: decoys, positionUnclear: unclearOnly, positionMalformed: malformed },
    shares: {
      organisationPosition: truePositions.length ? +(truePositions.filter((p) => p.unalike).length / truePositions.length).toFixed(3) : 0,
      positionDecoysPerTrue: +(decoys.filter((d) => d.similarity > 0.9).length / Math.max(1, truePositions.length)).toFixed(3),
    },
    counts: { itemCommunications: comms.length, truthOrganisationPosition: truePositions.length },
  };
}
