// What full-text search must find (docs/search.md, test/e2e/search-planted.test.ts): one named project, the
// "Quillan Wharf Terraces", spelled several ways (case, an accent, a hyphen, singular and plural) in a few
// registrations' particulars, agenda items' titles and development applications' descriptions, and decoys that share
// its words but never the phrase. Text only, on records picked by their order (nothing is drawn, so no stream moves),
// and only at scale 0.01 and above: the e2e city, where the link-quality floors are measured, has none.
import type { Registration } from '../registry/model.ts';
import type { Item } from '../common/types.ts';
import type { DevApp } from '../development/apps.ts';

export const SEARCH_PROJECT = 'Quillan Wharf Terraces';
/** The spellings planted, one per record in turn: each is the project for a search of its phrase. */
const SPELLINGS = ['Quillan Wharf Terraces', 'QUILLAN WHARF TERRACE', 'Quillán Wharf Terraces', 'quillan-wharf terraces'];
/** Decoys: the project's words, never one after the other. */
const DECOYS = ['Wharf repairs at Quillan Park', 'Terraces and a wharf for the Quillan neighbourhood', 'Quillan Terraces'];
const MIN_SCALE = 0.01;

export interface SearchProjectTruth {
  name: string;
  spellings: readonly string[];
  registrations: { sm: string; text: string; decoy: boolean }[];
  agendaItems: { reference: string; text: string; decoy: boolean }[];
  applications: { application: string; text: string; decoy: boolean }[];
}

/** Agenda items: the titles of a few items with no address, planning file or vote (which nothing else reads). */
export function plantSearchItems(items: Item[], scale: number): SearchProjectTruth['agendaItems'] | null {
  if (scale < MIN_SCALE) return null;
  const quiet = items.filter((i) => i.reference !== null && !i.address && !i.planningApp && !i.voted && i.council === null);
  return _plant(_spread(quiet, SPELLINGS.length + DECOYS.length), (item, text, decoy) => {
    item.title = decoy ? `${item.title} - ${text}` : `${text} - ${item.title}`;
    return { reference: item.reference!, text, decoy };
  });
}

/** Registrations without an agenda item: the particulars gain a clause naming the project (or a decoy). */
export function plantSearchRegistrations(regs: Registration[], scale: number): SearchProjectTruth['registrations'] | null {
  if (scale < MIN_SCALE) return null;
  const quiet = regs.filter((r) => r.item === null && r.writeSm);
  return _plant(_spread(quiet, SPELLINGS.length + DECOYS.length), (reg, text, decoy) => {
    reg.particulars = `${reg.particulars}; ${decoy ? text : `the ${text} project`}`;
    return { sm: reg.sm, text, decoy };
  });
}

/** Development applications no agenda item names: the description gains a sentence naming the project (or a decoy). */
export function plantSearchApplications(apps: DevApp[], scale: number): SearchProjectTruth['applications'] | null {
  if (scale < MIN_SCALE) return null;
  const quiet = apps.filter((a) => a.item === null);
  return _plant(_spread(quiet, SPELLINGS.length + DECOYS.length), (app, text, decoy) => {
    app.description = `${app.description} ${decoy ? text : `Part of the ${text} plan`}.`;
    return { application: app.number, text, decoy };
  });
}

/** The truth of a plant: its parts together. */
export function searchProjectTruth(parts: Omit<SearchProjectTruth, 'name' | 'spellings'>): SearchProjectTruth {
  return { name: SEARCH_PROJECT, spellings: SPELLINGS, ...parts };
}

// the first records get the spellings, the next the decoys
function _plant<T, R>(records: T[], edit: (record: T, text: string, decoy: boolean) => R): R[] {
  return records.map((r, i) => (i < SPELLINGS.length ? edit(r, SPELLINGS[i]!, false) : edit(r, DECOYS[i - SPELLINGS.length]!, true)));
}

// n records spread evenly over the list (a fixed-step walk)
function _spread<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / n)]!);
}
