// Writes the development, Committee of Adjustment, procurement, contribution, group, address and ward files of the
// sample city (docs/contracts.md §5) and returns their planted truth. Every stream is forked from the one stream
// generate.ts hands in, so the registry and council files stay byte-identical whatever these sources draw.
import { rmSync } from 'node:fs';
import type { Council } from './council/members.ts';
import { dayOf, isoOf } from './common/dates.ts';
import { buildApps, appLines } from './development/apps.ts';
import { buildCoa } from './development/coa.ts';
import { coaNextDoor, plantLookalikeSites } from './development/lookalikes.ts';
import { buildGeo, writeGeo } from './geo/address-points.ts';
import { buildProcurement } from './procurement/contracts.ts';
import { buildElections, type Election } from './contributions/candidates.ts';
import { buildContributions, type Contrib, type Person } from './contributions/build.ts';
import { writeElection } from './contributions/write.ts';
import type { Registry } from './registry/registrations.ts';
import type { Org } from './registry/types.ts';
import type { Rng } from './common/rng.ts';
import { csvRow } from './common/text.ts';
import type { Item, Log, PlantedTruthPart } from './common/types.ts';
import { Out } from './write/out.ts';
import { plant } from './contributions/plant.ts';
import { orgVariant, similarity } from './common/name-variants.ts';
import { plantApplicationOutcomes } from './plants/application-outcomes.ts';
import { plantSolicitationWindows } from './plants/solicitation-windows.ts';
import { plantSearchApplications } from './plants/search-project.ts';

/** The raw folders these sources own: deleted and rewritten on every run. */
export const DEVELOPMENT_PROCUREMENT_CONTRIBUTIONS_FOLDERS = ['development-applications', 'committee-of-adjustment', 'address-points', 'city-wards', 'procurement', 'campaign-finance', 'groups'];

function writeCsv(path: string, rows: string[][]): void { const o = new Out(path); for (const r of rows) o.text(csvRow(r)); o.close(); }
// the shares describe the generator's own pairs: rows an insight plant appended are spelled as the registry spells them
const generated = <T extends { planted?: string }>(xs: T[]) => xs.filter((x) => !x.planted);
const share = (xs: { unalike: boolean }[]) => (xs.length ? +(xs.filter((x) => x.unalike).length / xs.length).toFixed(3) : 0);

/** Adds planted insight rows to the contribution files before they are written (sample/plants/contributions.ts). */
export type PlantGifts = (c: { elections: Election[]; files: Map<string, Contrib[]>; people: Person[] }) => Record<string, unknown> | null;

/** Write the §5 sources into outDir and return their planted truth (link lists, top-level keys, shares, counts). */
export function generateDevelopmentProcurementContributions(rng: Rng, outDir: string, scale: number, asOfDay: number,
  council: Council, items: Item[], reg: Registry, log: Log, plantGifts: PlantGifts = () => null): PlantedTruthPart {
  for (const d of DEVELOPMENT_PROCUREMENT_CONTRIBUTIONS_FOLDERS) rmSync(`${outDir}/${d}`, { recursive: true, force: true });
  const itemAddresses = items.filter((i) => i.address).map((i) => i.address!);
  const geo = buildGeo(rng.fork('geo'), scale, itemAddresses);
  const lookalikes = plantLookalikeSites(rng.fork('lookalike-sites'), geo, items); // adds their address points
  writeGeo(outDir, geo);
  log(`  address points: ${geo.points.length}`);
  const apps = buildApps(rng.fork('development'), scale, geo, items, asOfDay, lookalikes);
  // planted 4.6 effect (sample/plants/): only the lobbied files' status text changes, on a stream of its own
  const applicationOutcomes = plantApplicationOutcomes(rng.fork('plants-application-outcomes'), apps, reg, scale);
  const searchApplications = plantSearchApplications(apps, scale); // text only (sample/plants/search-project.ts)
  const lines = appLines(rng.fork('development-lines'), apps);
  writeCsv(`${outDir}/development-applications/development-applications.csv`, [lines.header, ...lines.rows]);
  const coa = buildCoa(rng.fork('coa'), scale, geo, asOfDay, coaNextDoor(rng.fork('coa-next-door'), apps.filter((a) => a.item), lookalikes, asOfDay, dayOf('2016-11-01')));
  writeCsv(`${outDir}/committee-of-adjustment/active-committee-of-adjustment-applications.csv`, coa.active);
  writeCsv(`${outDir}/committee-of-adjustment/cleared-committee-of-adjustment-applications.csv`, coa.closed);
  log(`  development: ${apps.length} applications, ${lines.rows.length} rows; CoA ${coa.active.length - 1} active, ${coa.closed.length - 1} closed`);

  // L2: a registration about an agenda item with a planning application → that application (found by its address).
  const appByNo = new Map(apps.map((a) => [a.number, a]));
  const regApp = reg.regs.filter((r) => r.writeSm && r.item?.planningApp && appByNo.has(r.item.planningApp)).map((r) => {
    const a = appByNo.get(r.item!.planningApp!)!;
    return { sm: r.sm, organisation: r.org.id, application: a.number, file: 'development-applications/development-applications.csv', row: lines.firstRow.get(a.number)!,
      address: r.item!.address!.short, written: `${a.rows[0].num} ${a.rows[0].name} ${a.rows[0].type}`.trim(), how: a.rows[0].how, similarity: similarity(r.item!.address!.short, `${a.rows[0].num} ${a.rows[0].name} ${a.rows[0].type} ${a.rows[0].dir}`), unalike: r.particularsUnalike || a.rows[0].how !== 'exact' };
  });
  const devQuirks: unknown[] = [];
  let row = 0;
  for (const a of apps) for (const r of a.rows) { row++; if (r.how !== 'exact' || !r.xy) devQuirks.push({ row, application: a.number, kind: r.xy ? r.how : `${r.how}; no X/Y`, num: r.num, street: r.name }); }

  const proc = buildProcurement(rng.fork('procurement'), scale, asOfDay, reg.orgs.orgs);
  // planted procurement-timeline effect (sample/plants/): rows appended after the generator's own, on a stream of its own
  const solicitationWindows = plantSolicitationWindows(rng.fork('plants-solicitation-windows'), proc, reg, scale, asOfDay);
  writeCsv(`${outDir}/procurement/tobids-awarded-contracts.csv`, proc.awarded);
  writeCsv(`${outDir}/procurement/tobids-non-competitive-contracts.csv`, proc.noncomp);
  writeCsv(`${outDir}/procurement/tobids-all-open-solicitations.csv`, proc.solicit);
  log(`  procurement: ${proc.awarded.length - 1} award lines, ${proc.noncomp.length - 1} non-competitive, ${proc.solicit.length - 1} solicitations`);

  const prng = rng.fork('plant'), planted = plant(prng, scale, reg);
  const elections = buildElections(rng.fork('candidates'), council);
  const files = buildContributions(rng.fork('contributions'), scale, elections, planted.people, planted.corporates);
  const contributionEffects = plantGifts({ elections, files, people: planted.people });
  const crng = rng.fork('contribution-files'), written = elections.flatMap((e) => writeElection(crng, outDir, e, files, isoOf(asOfDay)));
  log(`  contributions: ${written.length} rows`);
  const contribLinks = written.filter((w) => w.c.truth?.related).map((w) => ({ file: w.file, row: w.row, line: w.line, contributor: w.c.contributor, organisation: w.c.truth!.organisation,
    tier: w.c.truth!.tier, person: w.c.truth!.person, basis: w.c.truth!.reason, kind: w.c.truth!.kind, similarity: w.c.truth!.similarity, unalike: w.c.truth!.similarity < 0.85 }));
  const contribDecoys = written.filter((w) => w.c.truth && !w.c.truth.related).map((w) => ({ file: w.file, row: w.row, line: w.line, contributor: w.c.contributor,
    lookalikeOf: w.c.truth!.person ?? w.c.truth!.organisation, organisation: w.c.truth!.organisation, reason: w.c.truth!.reason, kind: w.c.truth!.kind, similarity: w.c.truth!.similarity, related: false }));

  const grng = rng.fork('groups'), groupRows: string[][] = [['group_name', 'organization_name', 'basis_note', 'source']];
  for (const g of planted.groups.filter((x) => x.inManualFile)) {
    const entries: [Org, string][] = [[g.parent, 'parent company'], ...g.members.map((m): [Org, string] => [m, 'subsidiary; shares head office with parent'])];
    for (const [o, note] of entries) groupRows.push([g.name, orgVariant(grng, o, false).name, note, grng.pick(['annual report', 'corporate registry search', 'reviewer note'])]);
  }
  writeCsv(`${outDir}/groups/manual-groups.csv`, groupRows);

  // Registry beneficiaries typed Parent/Subsidiary company name a variant of the registration's own organisation.
  const beneficiaryRelations = reg.regs.filter((r) => r.writeSm).flatMap((r) => r.beneficiaries.filter((b) => /Parent company|Subsidiary company/.test(b.type))
    .map((b) => ({ sm: r.sm, type: b.type, name: b.name, organisation: r.org.id, note: 'names the registration\'s own organisation (same organisation)' })));
  const officers = planted.people.filter((p) => p.tier === 2).map((p) => ({ id: p.id, organisation: p.org.id, first: p.first, middle: p.middle, last: p.last, role: p.role }));
  const groups = planted.groups.map((g) => ({ id: g.id, name: g.name, parent: g.parent.id, members: g.members.map((m) => m.id), inManualFile: g.inManualFile,
    basis: [...(g.inManualFile ? ['manual-groups.csv'] : []), 'shared head-office address in 2014 corporate contributions'] }));
  const candidates = elections.map((e) => ({ election: e.year, candidates: e.candidates.map((c) => ({ name: `${c.last}, ${c.first}`, office: c.office, ward: c.ward, memberId: c.memberId, elected: c.elected, incumbent: c.incumbent })) }));
  const high = (xs: { similarity: number }[]) => xs.filter((x) => x.similarity > 0.9).length;
  return {
    links: { registrationApplication: regApp, contractOrganisation: proc.truth, contributionOrganisation: contribLinks },
    shares: { registrationApplication: share(regApp), contractOrganisation: share(generated(proc.truth)), contributionOrganisation: share(contribLinks),
      supplierDecoysPerTrue: +(high(proc.decoys) / Math.max(1, generated(proc.truth).length)).toFixed(3), contributionDecoysPerTrue: +(high(contribDecoys) / Math.max(1, contribLinks.length)).toFixed(3) },
    top: { searchProjectApplications: searchApplications, applicationDecoys: [...apps.filter((a) => a.lookalikeOf).map((a) => ({ application: a.number, kind: 'development', lookalikeOf: a.lookalikeOf!.number, how: a.lookalikeOf!.how })),
      ...coa.planted.map((c) => ({ application: c.reference, sysId: c.sysId, kind: 'coa', lookalikeOf: c.lookalikeOf, how: 'next-door minor variance' }))],
    developmentProcurementEffects: { applicationOutcomes, solicitationWindows },
    supplierDecoys: proc.decoys, contributionDecoys: contribDecoys, officers, groups, beneficiaryRelations, candidates,
      ...(contributionEffects ? { contributionEffects } : {}),
      quirks: { procurementDamage: proc.damage, developmentRows: devQuirks } },
    counts: { addressPoints: geo.points.length, devApplications: apps.length, devRows: lines.rows.length, coaActive: coa.active.length - 1, coaClosed: coa.closed.length - 1,
      awardLines: proc.awarded.length - 1, nonCompetitive: proc.noncomp.length - 1, solicitations: proc.solicit.length - 1, contributions: written.length,
      truthRegistrationApplication: regApp.length, truthContractOrganisation: proc.truth.length, truthContributionOrganisation: contribLinks.length },
  };
}
