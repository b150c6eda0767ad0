// Planted truth of the sample city: true people, organisations and links, plus decoys and malformed records.
import { createHash } from 'node:crypto';
import { isoOf } from './common/dates.ts';
import type { Council } from './council/members.ts';
import type { Registry } from './registry/registrations.ts';
import { UNALIKE_KINDS } from './registry/orgs.ts';
import type { Item, PlantedTruthPart } from './common/types.ts';
import type { VoteWriteResult } from './write/votes-csv.ts';
import { writeWhole } from './write/out.ts';

/** communication_id exactly as docs/contracts.md defines it, so truth can be joined to the pipeline's tables. */
export function communicationId(fields: string[], seen: Map<string, number>): string {
  const base = 'C' + createHash('sha1').update(fields.join('|')).digest('hex').slice(0, 16);
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base}-${n}`;
}

const share = (xs: { unalike: boolean }[]) => (xs.length ? +(xs.filter((x) => x.unalike).length / xs.length).toFixed(3) : 0);

export function writeTruth(outDir: string, meta: Record<string, unknown>, council: Council, items: Item[], reg: Registry, votes: VoteWriteResult, asOfDay: number, added?: PlantedTruthPart): Record<string, number> {
  const pohSpellings = new Map<number, Set<string>>();
  const regItem = [], commPerson = [], commOffice = [], regOrg = [], malformed: Record<string, unknown>[] = [];
  const position = { active: 0, closed: 0 };
  const oldLayout: string[] = []; // valid records in the pre-2020 layout (no SMXML/SM wrapper)
  for (const r of reg.regs) {
    const file = r.closeDay !== null && r.closeDay <= asOfDay ? 'closed' : 'active';
    const row = ++position[file];
    if (!r.writeSm) { malformed.push({ source: 'registry', file: `lobbyactivity-${file}.xml`, snapshot: isoOf(asOfDay), row, reason: 'registration without SMNumber' }); continue; }
    if (r.oldLayout) oldLayout.push(r.sm);
    if (r.item) regItem.push({ sm: r.sm, reference: r.item.reference, agendaItemIds: [r.item.agendaItemId, ...(r.item.council ? [r.item.council.agendaItemId] : [])], unalike: r.particularsUnalike });
    regOrg.push({ sm: r.sm, organisation: r.org.id, role: r.type === 'Consultant' ? 'client' : 'registrant-organisation', lobbyist: r.lobbyist.id });
    const seen = new Map<string, number>();
    let ordinal = 0;
    for (const c of r.comms) {
      if (c.recorded > asOfDay) break;
      ordinal++;
      const id = communicationId([r.sm, c.dateText, c.pohType, c.office, c.position, c.pohName, c.method, c.groupId, c.lobbyist?.number ?? ''], seen);
      if (c.dateText && c.day !== null && c.dateText !== isoOf(c.day)) malformed.push({ source: 'registry', sm: r.sm, ordinal, communicationId: id, reason: `impossible date ${c.dateText}` });
      const base = { sm: r.sm, ordinal, communicationId: id, date: c.dateText || null, recorded: isoOf(c.recorded) };
      if (c.truth?.memberId) {
        commPerson.push({ ...base, memberId: c.truth.memberId, person: council.byId.get(c.truth.memberId)!.id, pohName: c.pohName, pohOffice: c.office, kind: c.truth.kind, unalike: c.truth.unalike });
        const s = pohSpellings.get(c.truth.memberId) ?? new Set<string>();
        if (c.pohName) s.add(c.pohName);
        pohSpellings.set(c.truth.memberId, s);
      } else if (c.truth?.officeOf) commOffice.push({ ...base, officeOfMemberId: c.truth.officeOf, pohOffice: c.office, pohType: c.pohType });
    }
  }
  for (const v of votes.malformed) malformed.push({ source: 'votes', file: v.file, record: v.row, reason: `unknown Vote value ${v.value}` });
  for (const it of items) if (!it.reference) malformed.push({ source: 'tmmis', file: `tmmis/agenda-items-${it.term.key}.json`, agendaItemId: it.agendaItemId, reason: 'record without reference' });

  const organisations = reg.orgs.orgs.filter((o) => o.used.size).map((o) => ({ id: o.id, kind: o.kind, canonical: o.canonical, decoyOf: o.decoyOf, ...(o.decoyStyle ? { decoyStyle: o.decoyStyle } : {}),
    variants: [...o.used].map(([name, kind]) => ({ name, kind, unalike: UNALIKE_KINDS.has(kind) })) }));
  const orgVariant = organisations.flatMap((o) => o.variants.filter((v) => v.name !== o.canonical).map((v) => ({ organisation: o.id, canonical: o.canonical, ...v })));
  const byId = new Map(reg.orgs.orgs.map((o) => [o.id, o]));
  const decoys = reg.orgs.orgs.filter((o) => o.decoyOf).map((o) => ({ a: o.decoyOf!, b: o.id, names: [byId.get(o.decoyOf!)!.canonical, o.canonical], note: 'look-alike names, different organisations' }));
  const members = council.members.map((m) => ({ id: m.id, memberId: m.memberId, names: m.names.map((n) => ({ first: n.first, last: n.last, from: isoOf(n.from) })),
    tenures: council.tenures.filter((t) => t.memberId === m.memberId).map((t) => ({ term: t.term, role: t.role, ward: t.ward, start: isoOf(t.start), end: isoOf(t.end) })),
    voteSpellings: [...(votes.spellings.get(m.memberId) ?? [])].sort(), pohNameSpellings: [...(pohSpellings.get(m.memberId) ?? [])].sort() }));
  const lobbyists = reg.lobbyists.all.filter((l) => l.used.size).map((l) => ({ id: l.id, registrationNumber: l.regNo, withSoNums: l.soNums,
    first: l.first, last: l.last, formerMemberId: l.formerMember?.memberId ?? null, ...(l.formerMember ? { formerMemberStyle: l.formerMember.style } : {}),
    ...(l.namesakeOf ? { namesakeOfMemberId: l.namesakeOf } : {}), ...(l.previousOffice ? { declaredOffice: l.previousOffice } : {}),
    spellings: [...l.used].sort().map((s) => { const [first, middle, last] = s.split('|'); return { first, middle, last }; }) }));
  const shares = { registrationItem: share(regItem), communicationPerson: share(commPerson), organisationVariant: share(orgVariant), ...added?.shares };
  const truth = { format: 'sample-city-planted-truth/1', ...meta, shares, members, lobbyists, organisations, decoys,
    links: { registrationItem: regItem, communicationPerson: commPerson, communicationOffice: commOffice, organisationVariant: orgVariant, registrationOrganisation: regOrg, ...added?.links },
    malformed, oldLayout, ...added?.top };
  writeWhole(`${outDir}/sample-truth/planted-truth.json`, JSON.stringify(truth));
  return { truthRegistrationItem: regItem.length, truthCommunicationPerson: commPerson.length, truthOrgVariants: orgVariant.length, malformed: malformed.length };
}
