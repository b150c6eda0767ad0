// The project the default sample city plants for full-text search (sample/plants/search-project.ts): the "Quillan
// Wharf Terraces", spelled several ways (case, an accent, a hyphen, singular and plural) in registrations, agenda item
// titles and applications, and decoys sharing its words but never the phrase. Every planted record is found, by the
// phrase and by the loose words, ranked above every decoy; the phrase excludes the decoys.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchProjectTruth } from '../../sample/plants/search-project.ts';
import { openDefaultCity, plantedTruth, type CityApp } from './default-city-app.ts';

type Hit = { type: string; id: string; score: number };
let app: CityApp;
let truth: SearchProjectTruth;
const planted = <T extends { decoy: boolean }>(list: T[]) => list.filter((r) => !r.decoy);
const decoys = <T extends { decoy: boolean }>(list: T[]) => list.filter((r) => r.decoy);

beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  truth = plantedTruth<{ searchProject: SearchProjectTruth }>(city.config).searchProject;
});

const LISTS = [
  { path: '/registrations', type: 'registration', ids: () => truth.registrations.map((r) => ({ id: r.sm, decoy: r.decoy })) },
  { path: '/agenda-items', type: 'agenda_item', ids: () => truth.agendaItems.map((r) => ({ id: r.reference, decoy: r.decoy })) },
  { path: '/applications', type: 'application', ids: () => truth.applications.map((r) => ({ id: r.application, decoy: r.decoy })) },
];

describe('the planted project', () => {
  it('is planted in every kind, every spelling, with decoys', () => {
    for (const list of LISTS) {
      expect(planted(list.ids()).length, list.path).toBe(truth.spellings.length);
      expect(decoys(list.ids()).length, list.path).toBeGreaterThan(0);
    }
  });

  it.each(LISTS.map((l) => [l.path]))('%s?search="quillan wharf terraces": every planted record, no decoy', async (p) => {
    const list = LISTS.find((l) => l.path === p)!;
    const found = (await app.list<{ id: string }>(`${p}?search=${encodeURIComponent('"quillan wharf terraces"')}`)).map((r) => String(r.id));
    expect(new Set(found)).toEqual(new Set(planted(list.ids()).map((r) => r.id)));
  });

  it('/search ranks every planted record above every decoy, for the phrase and for the loose words', async () => {
    for (const q of ['"Quillan Wharf Terraces"', 'quillan wharf terrace', 'Quillan Wharf']) {
      const hits = await app.list<Hit>(`/search?q=${encodeURIComponent(q)}&type=registration,agenda_item,application`);
      const key = (type: string, id: string) => `${type} ${id}`;
      const scores = new Map(hits.map((h) => [key(h.type, String(h.id)), h.score]));
      const plantedKeys = LISTS.flatMap((l) => planted(l.ids()).map((r) => key(l.type, r.id)));
      const decoyKeys = LISTS.flatMap((l) => decoys(l.ids()).map((r) => key(l.type, r.id)));
      for (const k of plantedKeys) expect(scores.has(k), `${q}: ${k}`).toBe(true);
      const lowest = Math.min(...plantedKeys.map((k) => scores.get(k)!));
      for (const k of decoyKeys.filter((d) => scores.has(d))) expect(scores.get(k)!, `${q}: decoy ${k}`).toBeLessThan(lowest);
      // the phrase finds no decoy at all
      if (q.startsWith('"')) expect(decoyKeys.filter((d) => scores.has(d)), q).toEqual([]);
    }
  });
});
