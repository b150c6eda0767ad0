// Toronto Bids feeds (§6.2–6.4): awarded contract lines, non-competitive contracts and solicitations, with the feeds'
// damage (placeholder and Excel-mangled document numbers, free-text amounts) and registry organisations as suppliers.
import { isoOf } from '../common/dates.ts';
import { DIVISIONS } from '../data/places.ts';
import type { Org } from '../registry/types.ts';
import type { Rng } from '../common/rng.ts';
import { lookalike, orgVariant, similarity } from '../common/name-variants.ts';

export const AWARDED_HEADER = ['Document Number', 'RFx (Solicitation) Type', 'High Level Category', 'Successful Supplier', 'Award', 'Award Authority Obtained Date',
  'Division', 'Buyer Name', 'Buyer Email', 'Buyer Phone Number', 'Solicitation Document Description', 'Supplier Address', 'Wards'];
export const NONCOMP_HEADER = ['Workspace Number', 'Reason', 'Contract Date', 'Supplier Name', 'Contract Amount', 'Division', 'Supplier Address', 'Wards'];
export const SOLICIT_HEADER = ['Document Number', 'RFx (Solicitation) Type', 'NOIP (Notice of Intended Procurement) Type', 'Issue Date', 'Submission Deadline',
  'High Level Category', 'Solicitation Document Description', 'Division', 'Buyer Name', 'Buyer Email', 'Buyer Phone Number', 'Wards'];

const CATS = ['Goods and Services', 'Professional Services', 'Construction Services'];
const RFX = ['RFQ', 'RFQ', 'RFT', 'RFT', 'RFP', 'RFSQ', 'OTP', 'REOI', 'RFI', 'NRFP'];
const WORK = ['Supply and Delivery of Road Salt', 'Watermain Replacement and Road Resurfacing', 'Consulting Services for Transit Network Study', 'Janitorial Services for Civic Centres',
  'Supply of Traffic Signal Equipment', 'Sidewalk and Curb Reconstruction', 'Tree Planting and Maintenance', 'Design Services for Community Recreation Centre',
  'Supply and Installation of Playground Equipment', 'Snow Clearing Services', 'IT Professional Services', 'Bridge Rehabilitation', 'Sewer Inspection Services',
  'Supply of Fleet Vehicles', 'Environmental Site Assessment', 'Waste Collection Services', 'Security Guard Services', 'Supply of Office Furniture'];
const NC_REASONS = ['Emergency', 'Emergency', 'Sole source', 'Single source', 'Exception - Secure/confidential', 'Exception - Compatibility with existing equipment',
  'Exception - Only one supplier', 'Exception - Legal services', 'Exception - Direct award to a public body'];
const SUP_A = ['Acme', 'Northway', 'Lakeland', 'Dufferin', 'Belmont', 'Capital', 'Pioneer', 'Metro', 'Royal', 'Eastern', 'Trillium', 'Apex', 'Vanguard', 'Coldstream', 'Bayside'];
const SUP_B = ['Paving', 'Construction', 'Consulting', 'Contracting', 'Environmental', 'Electric', 'Landscaping', 'Supply', 'Technologies', 'Engineering', 'Fleet Services', 'Maintenance'];
const BUYERS = ['Hana Ward', 'Peter Lo', 'Anita Roy', 'Luca Bianchi', 'Grace Obi', 'Samir Aziz'];

export interface SupplierTruth { file: string; row: number; supplier: string; organisation: string; kind: string; similarity: number; unalike: boolean;
  /** set on rows an insight plant appended (sample/plants/): spelled as the registry spells the organisation */
  planted?: string }
export interface SupplierDecoy { file: string; row: number; supplier: string; lookalikeOf: string; similarity: number }
export interface Damage { file: string; row: number; column: string; value: string; kind: string }

const money = (v: number) => v.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
function amountText(rng: Rng, v: number, force: string | null): { text: string; kind: string | null } {
  const kind = force ?? (rng.chance(0.006) ? rng.pick(['cad-suffix', 'usd', 'rate', 'concatenated', 's-typo', 'junk']) : null);
  switch (kind) {
    case 'cad-suffix': return { text: `$${money(v)} CAD`, kind };
    case 'usd': return { text: rng.chance(0.5) ? `$${money(v)} USD` : `USD ${money(v)}`, kind };
    case 'rate': return { text: `${(v / 1e5 + 20).toFixed(2)}/${rng.pick(['MT', 'hr', 'tonne'])}`, kind };
    case 'concatenated': return { text: `$${money(v)} $${money(v * 0.8)} $${money(v * 1.1)}`, kind };
    case 's-typo': return { text: `S${money(v)}`, kind };
    case 'junk': return { text: rng.pick(['kj', 'TBD', 'see attached']), kind };
    default: return { text: rng.chance(0.6) ? `$${money(v)}` : v.toFixed(2), kind: null };
  }
}
function docText(rng: Rng, doc: string, force: string | null): { text: string; kind: string | null } {
  const kind = force ?? (rng.chance(0.012) ? rng.pick(['placeholder', 'doc-prefix', 'doc-prefix', 'scientific']) : null);
  if (kind === 'placeholder') return { text: rng.pick(['1111111111', 'xxxxxxxx']), kind };
  if (kind === 'doc-prefix') return { text: rng.pick([`Doc${doc}`, `Doc-${doc}`, `Doc ${doc}`]), kind };
  if (kind === 'scientific') return { text: rng.chance(0.5) ? `${doc[0]}.${doc.slice(1, 3)}E+09` : `${doc[0]}.${doc.slice(1, 3)}E+${doc.slice(3, 5)}00`, kind };
  return { text: doc, kind: null };
}

/** A name without case, punctuation or legal form: how a reader tells two firms' names apart. */
function nameBase(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim()
    .replace(/ (inc|ltd|limited|corp|corporation|co|incorporated|lp|llp|ulc)$/, '').trim();
}

export interface Procurement { awarded: string[][]; noncomp: string[][]; solicit: string[][]; truth: SupplierTruth[]; decoys: SupplierDecoy[]; damage: Damage[] }

export function buildProcurement(rng: Rng, scale: number, asOfDay: number, registryOrgs: Org[]): Procurement {
  const awarded: string[][] = [AWARDED_HEADER], noncomp: string[][] = [NONCOMP_HEADER], solicit: string[][] = [SOLICIT_HEADER];
  const truth: SupplierTruth[] = [], decoys: SupplierDecoy[] = [], damage: Damage[] = [];
  const drawn = Array.from({ length: Math.max(40, Math.round(2_400 * scale)) }, () => `${rng.pick(SUP_A)} ${rng.pick(SUP_B)} ${rng.pick(['Inc.', 'Ltd.', 'Limited', 'Corp.', 'Co.'])}`);
  // A supplier that is no registry organisation must not carry a registry organisation's name: 'Trillium Consulting
  // Co.' beside a registered Trillium Consulting is the same firm to any reader, so planting it as a non-match would
  // make the truth wrong. Filtering after drawing keeps the random stream (and so the rest of the city) unchanged.
  const registered = new Set(registryOrgs.flatMap((o) => [o.canonical, o.tradeName ?? '', ...o.used.keys()]).map(nameBase));
  const generic = drawn.filter((name) => !registered.has(nameBase(name)));
  if (!generic.length) generic.push('Unregistered Municipal Supply Inc.');
  // Registry companies and developers that also sell to the City; each gets a few award lines under varying names.
  const sellers = rng.sample(registryOrgs.filter((o) => (o.kind === 'company' || o.kind === 'developer') && !o.decoyOf && o.used.size), Math.max(6, Math.round(registryOrgs.length * 0.12)));
  const plan: (Org | null)[] = [];
  for (const o of sellers) for (let k = rng.int(1, 4); k > 0; k--) plan.push(o);
  const nLines = Math.max(80, Math.round(14_000 * scale));
  const nDecoy = Math.ceil(plan.length * 0.3);
  const decoyOf: Org[] = Array.from({ length: nDecoy }, () => rng.pick(sellers));
  const slots = new Map<number, Org | string>();
  const free = rng.shuffle(Array.from({ length: nLines }, (_, i) => i));
  plan.forEach((o, i) => slots.set(free[i]!, o!));
  decoyOf.forEach((o, i) => slots.set(free[plan.length + i]!, `decoy:${o.id}`));
  const forcedAmt = ['cad-suffix', 'usd', 'rate', 'concatenated', 's-typo', 'junk'], forcedDoc = ['placeholder', 'doc-prefix', 'scientific'];
  const from = asOfDay - 540;
  let line = 0, docSeq = 0;
  while (line < nLines) {
    const doc = `${rng.pick(['2', '3', '4', '9'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}${''}`.slice(0, 10);
    const rfx = rng.pick(RFX), cat = rng.pick(CATS), work = rng.pick(WORK), buyer = rng.pick(BUYERS);
    const award = from + rng.int(0, 535), issue = award - rng.int(40, 200), deadline = issue + rng.int(14, 35);
    const divs = rng.sample(DIVISIONS, rng.chance(0.8) ? 1 : rng.int(2, 3)).join(','), wards = rng.chance(0.5) ? 'None' : rng.sample(Array.from({ length: 25 }, (_, i) => String(i + 1)), rng.int(1, 4)).join(',');
    const desc = rng.chance(0.3) ? `Doc${doc}` : `${work}${rng.chance(0.4) ? ` - ${isoOf(award).slice(0, 4)}` : ''}`;
    const buyerCells = [buyer, `${buyer.toLowerCase().replace(' ', '.')}@toronto.ca`, `416-392-${rng.int(1000, 9999)}`];
    solicit.push([doc, rfx, rng.chance(0.2) ? 'Advanced Notice of Intended Procurement' : 'Notice of Intended Procurement', isoOf(issue), isoOf(deadline), cat, desc, divs, ...buyerCells, wards]);
    docSeq++;
    // Call-ups: standing offers award the same supplier on many lines; other documents split among suppliers.
    const lines = rfx === 'RFSQ' || rng.chance(0.15) ? rng.int(2, 8) : rng.chance(0.2) ? rng.int(2, 3) : 1;
    const callUp = rfx === 'RFSQ' || rng.chance(0.5);
    let supplier: string | null = null;
    for (let k = 0; k < lines && line < nLines; k++, line++) {
      const slot = slots.get(line);
      const row = awarded.length;
      let name: string;
      if (slot && typeof slot !== 'string') {
        const v = orgVariant(rng, slot, truth.length % 3 === 1), sim = similarity(v.name, slot.canonical);
        name = v.name;
        truth.push({ file: 'procurement/tobids-awarded-contracts.csv', row, supplier: name, organisation: slot.id, kind: v.kind, similarity: sim, unalike: sim < 0.85 });
      } else if (typeof slot === 'string') {
        const o = sellers.find((s) => `decoy:${s.id}` === slot)!;
        name = lookalike(rng, o);
        decoys.push({ file: 'procurement/tobids-awarded-contracts.csv', row, supplier: name, lookalikeOf: o.id, similarity: similarity(name, o.canonical) });
      } else name = callUp && supplier ? supplier : rng.pick(generic);
      supplier = name;
      const d = docText(rng, doc, line < forcedDoc.length * 7 && line % 7 === 3 ? forcedDoc[Math.floor(line / 7)] : null);
      const a = amountText(rng, Math.round(Math.exp(8 + rng.next() * 8) * 100) / 100, line < forcedAmt.length * 5 && line % 5 === 2 ? forcedAmt[Math.floor(line / 5)] : null);
      if (d.kind) damage.push({ file: 'procurement/tobids-awarded-contracts.csv', row, column: 'Document Number', value: d.text, kind: d.kind });
      if (a.kind) damage.push({ file: 'procurement/tobids-awarded-contracts.csv', row, column: 'Award', value: a.text, kind: a.kind });
      awarded.push([d.text, rfx, cat, name, a.text, isoOf(award + (callUp ? k * rng.int(0, 20) : 0)), divs, ...buyerCells, desc, rng.chance(0.9) ? '' : 'None', wards]);
    }
  }
  // Still-open solicitations (no award yet).
  for (let i = 0; i < Math.max(5, Math.round(docSeq * 0.08)); i++) {
    const issue = asOfDay - rng.int(1, 30), doc = `${rng.pick(['2', '3', '4'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
    solicit.push([doc, rng.pick(RFX), 'Notice of Intended Procurement', isoOf(issue), isoOf(issue + rng.int(14, 40)), rng.pick(CATS), rng.chance(0.7) ? `Doc${doc}` : rng.pick(WORK), rng.pick(DIVISIONS), rng.pick(BUYERS), '', '', 'None']);
  }
  let ws = 8_000;
  for (let i = 0; i < Math.max(12, Math.round(1_300 * scale)); i++) {
    ws += rng.int(1, 9);
    const o = i % 9 === 4 ? rng.pick(sellers) : null;
    const name = o ? orgVariant(rng, o, false).name : rng.pick(generic), row = noncomp.length;
    if (o) truth.push({ file: 'procurement/tobids-non-competitive-contracts.csv', row, supplier: name, organisation: o.id, kind: 'non-competitive', similarity: similarity(name, o.canonical), unalike: similarity(name, o.canonical) < 0.85 });
    noncomp.push([String(ws), rng.pick(NC_REASONS), isoOf(asOfDay - rng.int(1, 540)), name, amountText(rng, Math.round(Math.exp(7 + rng.next() * 7)), null).text, rng.pick(DIVISIONS), '', rng.chance(0.6) ? 'None' : String(rng.int(1, 25))]);
  }
  return { awarded, noncomp, solicit, truth, decoys, damage };
}
