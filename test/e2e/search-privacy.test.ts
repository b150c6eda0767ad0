// Privacy holds in search: every contributor name of the raw contribution files (as loaded, src_contributions__rows),
// searched through /search and /registrations?search= as written, in first-last order and as loose words, finds only
// records whose published answer (with the names labels=1 publishes) already carries that name. A contributor who is
// also, say, a published lobbyist is found as the lobbyist, never through a contribution.
import { beforeAll, describe, expect, it } from 'vitest';
import { terms } from '../../api/search/tokenize.ts';
import { openE2eApp, openE2eWarehouse, type E2eApp } from './harness.ts';

const BASE = 'http://localhost/api/v1';
let gw: E2eApp;
let names: string[] = [];

beforeAll(async () => {
  gw = await openE2eApp();
  const wh = await openE2eWarehouse();
  names = (await wh.all<{ n: string }>(`select distinct trim(contributor_name) as n from src_contributions__rows
    where contributor_name is not null and trim(contributor_name) <> '' order by n`)).map((r) => r.n);
  wh.close();
});

/** The queries a name is searched with: the phrase as written, the phrase first name first, the loose words. */
function queriesOf(name: string): { q: string; words: string[]; phrase: boolean }[] {
  const written = terms(name);
  const [last, first] = name.split(',').map((s) => s.trim());
  const turned = first ? terms(`${first} ${last}`) : written;
  return [
    { q: `"${name.replace(/"/g, ' ')}"`, words: written, phrase: true },
    { q: `"${(first ? `${first} ${last}` : name).replace(/"/g, ' ')}"`, words: turned, phrase: true },
    { q: written.length ? name.replace(/["*-]/g, ' ') : name, words: written, phrase: false },
  ].filter((x) => x.words.length > 0);
}

/** Whether a published answer carries the words (consecutively for a phrase), folded and stemmed like search. */
function carries(body: string, words: string[], phrase: boolean): boolean {
  const all = terms(JSON.stringify(JSON.parse(body)).replace(/\\"/g, ' '));
  if (!phrase) return words.every((w) => all.includes(w));
  const text = ` ${all.join(' ')} `;
  return text.includes(` ${words.join(' ')} `);
}

async function published(url: string): Promise<string> {
  const rel = url.slice(BASE.length);
  const res = await gw.get(`${rel}${rel.includes('?') ? '&' : '?'}labels=1${rel.includes('?') ? '&limit=500' : ''}`);
  expect(res.status, rel).toBe(200);
  return res.text();
}

describe('search finds no contributor who is not published under that name', () => {
  it('searches every contributor name of the raw files', () => expect(names.length).toBeGreaterThan(50));

  it('through /search', async () => {
    let searched = 0;
    let hits = 0;
    for (const name of names) {
      for (const { q, words, phrase } of queriesOf(name)) {
        const res = await gw.json<{ data: { url: string; type: string; id: string }[] }>(`/search?q=${encodeURIComponent(q)}&limit=500`);
        if (res.status === 400) continue; // a name that is only punctuation reads as no query
        expect(res.status, q).toBe(200);
        searched++;
        hits += res.body.data.length;
        for (const hit of res.body.data) {
          expect(carries(await published(hit.url), words, phrase), `${q} found ${hit.type} ${hit.id}`).toBe(true);
        }
      }
    }
    expect(searched).toBeGreaterThan(names.length * 2);
    // contributors who are published under their name elsewhere (lobbyists who give) are found there: the check bites
    expect(hits).toBeGreaterThan(0);
  });

  it('through /registrations?search=', async () => {
    for (const name of names) {
      for (const { q, words, phrase } of queriesOf(name)) {
        const res = await gw.json<{ data: { id: string }[] }>(`/registrations?search=${encodeURIComponent(q)}&limit=500`);
        if (res.status === 400) continue;
        expect(res.status, q).toBe(200);
        for (const r of res.body.data) {
          expect(carries(await published(`${BASE}/registrations/${encodeURIComponent(r.id)}`), words, phrase), `${q} found ${r.id}`).toBe(true);
        }
      }
    }
  });
});
