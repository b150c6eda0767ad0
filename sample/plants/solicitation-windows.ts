// Planted effect for /insights/procurement-timeline (analysis-definitions.md, Procurement): organisations that lobby
// the City while a solicitation is open and then win it (one solicitation each, issued a few days to weeks before one of
// their communications and awarded to them, under their own name, after it), and a planted null: an organisation that
// wins a solicitation whose whole window closed before its first communication, so no communication of it may be
// counted inside. Rows are appended to the Toronto Bids files after the generator's own, so no earlier row moves.
import { dayOf, isoOf } from '../common/dates.ts';
import type { Rng } from '../common/rng.ts';
import { DIVISIONS } from '../data/places.ts';
import type { Procurement } from '../procurement/contracts.ts';
import type { Registry } from '../registry/registrations.ts';
import type { Org } from '../registry/types.ts';

const MIN_SCALE = 0.01; // below it the e2e city's L6 link-quality floors would be measured on planted rows (plants off)
/** A communication recorded this close to the as-of day may yet be held back by a disclosure-lag plant: not chosen. */
const SETTLED_DAYS = 60;
/** The registry export publishes communications from this day on (older ones are never seen): windows hold later ones. */
const FIRST_COMMUNICATION = dayOf('2016-01-01');

export interface PlantedWindow { organisation: string; name: string; document: string; issue: string; deadline: string; award: string;
  /** dates of the organisation's communications inside [issue, award] (empty for the null) */
  insideDates: string[] }
export interface SolicitationWindowPlant { winners: PlantedWindow[]; nulls: PlantedWindow[] }

/** Append the planted solicitations and award lines to `proc` (in place); null below the plant scale. */
export function plantSolicitationWindows(rng: Rng, proc: Procurement, registry: Registry, scale: number, asOfDay: number): SolicitationWindowPlant | null {
  if (scale < MIN_SCALE) return null;
  // organisations lobbied for, with the days of their written, dated, settled communications; not organisations the
  // generator already made City suppliers (their own wins would mix with the planted ones)
  const sellers = new Set(proc.truth.map((t) => t.organisation));
  const days = new Map<Org, number[]>();
  for (const r of registry.regs) {
    if (!r.writeSm || sellers.has(r.org.id) || r.org.decoyOf) continue;
    for (const c of r.comms) if (c.day !== null && c.day >= FIRST_COMMUNICATION && c.recorded <= asOfDay - SETTLED_DAYS) days.set(r.org, [...(days.get(r.org) ?? []), c.day]);
  }
  const candidates = [...days.keys()].filter((o) => days.get(o)!.length >= 2).sort((a, b) => a.id.localeCompare(b.id));
  const nWinners = Math.max(2, Math.round(150 * scale));
  const chosen = rng.sample(candidates, nWinners + 1);
  let docSeq = 0;
  const document = () => `5${String(rng.int(0, 99_999_999)).padStart(8, '0')}${docSeq++}`.slice(0, 10);
  // the supplier as the registry spells the organisation (so the pipeline resolves it by its key): the canonical name
  // where a registration used it, else the first full name a registration's parties used (byte order), else any
  const spelling = (o: Org) => {
    if (o.used.has(o.canonical)) return o.canonical;
    const used = [...o.used.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    return (used.find(([, kind]) => kind === 'canonical') ?? used[0])?.[0] ?? o.canonical;
  };
  const write = (o: Org, issue: number, award: number): PlantedWindow => {
    const name = spelling(o), doc = document(), deadline = issue + rng.int(14, 30), division = rng.pick(DIVISIONS);
    const buyer = ['Grace Obi', 'grace.obi@toronto.ca', `416-392-${rng.int(1000, 9999)}`];
    proc.solicit.push([doc, 'RFP', 'Notice of Intended Procurement', isoOf(issue), isoOf(deadline), 'Professional Services', 'Consulting Services for Transit Network Study', division, ...buyer, 'None']);
    const row = proc.awarded.length;
    proc.awarded.push([doc, 'RFP', 'Professional Services', name, `$${rng.int(80_000, 2_000_000)}.00`, isoOf(award), division, ...buyer, 'Consulting Services for Transit Network Study', '', 'None']);
    proc.truth.push({ file: 'procurement/tobids-awarded-contracts.csv', row, supplier: name, organisation: o.id, kind: name === o.canonical ? 'canonical' : 'registry spelling', similarity: 1, unalike: false, planted: 'solicitation-windows' });
    const inside = days.get(o)!.filter((d) => d >= issue && d <= award).sort((a, b) => a - b).map(isoOf);
    return { organisation: o.id, name, document: doc, issue: isoOf(issue), deadline: isoOf(deadline), award: isoOf(award), insideDates: inside };
  };
  const winners = chosen.slice(0, nWinners).map((o) => {
    const d = rng.pick(days.get(o)!);
    const issue = d - rng.int(3, 30);
    return write(o, issue, Math.min(asOfDay - 1, Math.max(issue + 35, d + rng.int(5, 45))));
  });
  // the null: a window that closed (awarded) 30 to 90 days before the organisation's first communication
  const nulls = chosen.slice(nWinners).map((o) => {
    const award = Math.min(...days.get(o)!) - rng.int(30, 90);
    return write(o, award - rng.int(50, 120), award);
  });
  return { winners, nulls };
}
