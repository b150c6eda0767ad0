// Privacy is a hard rule: no published byte (static site files, which the gateway serves as they are) may carry a
// contributor's address or postal code (the city alone is published), an L7 link or a tier-3 match; the contribution
// insights name no contributor at all. Scans every file of the e2e city's export, the bulk files included: gzip twins
// decompressed and Parquet files decoded, so a leak cannot hide in a compressed byte.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { routesOfKind } from '../../api/routes.ts';
import { ATTRIBUTION } from '../../api/licence.ts';
import { e2eConfig, openE2eApp, openE2eWarehouse, requiredQuery } from './harness.ts';

let files: { rel: string; text: string }[] = [];
/** The contribution insights (contract §4 Contributions): aggregates over linked contributors, never one of them. */
const CONTRIBUTION_INSIGHTS = ['donor-overlap', 'contribution-overlap', 'coordinated-giving', 'alignment', 'contribution-stats'];
let wh: Warehouse;

function walk(dir: string, root: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, root) : [path.relative(root, full)];
  });
}

beforeAll(async () => {
  const config = await e2eConfig();
  const root = path.join(config.siteRoot, 'current');
  // cursors are random-looking base64 and could contain any short letter-digit run by chance: leave them out
  const duck = await openWarehouse(':memory:');
  files = [];
  for (const rel of walk(root, root)) {
    const full = path.join(root, rel);
    let text: string;
    if (rel.endsWith('.parquet')) {
      text = JSON.stringify(await duck.all(`select * from read_parquet('${full.replace(/'/g, "''")}')`));
    } else {
      const bytes = readFileSync(full);
      text = (rel.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString(rel.endsWith('.gz') || rel.endsWith('.parquet') ? 'utf8' : 'latin1');
    }
    files.push({ rel, text: text.replace(/"next_cursor":"[^"]*"/g, '') });
  }
  duck.close();
  wh = await openE2eWarehouse();
  // the answers the gateway makes with names beside ids (labels=1) are published bytes too: every list's first 500
  // rows and the detail documents of its first page, scanned like the files (named like them, so the contribution
  // insights' scans include theirs)
  const gw = await openE2eApp();
  for (const route of routesOfKind('list')) {
    const query = [await requiredQuery(route), 'limit=500', 'labels=1'].filter(Boolean).join('&');
    const res = await gw.get(`${route.path}?${query}`);
    expect(res.status, route.path).toBe(200);
    const text = await res.text();
    files.push({ rel: `api/v1${route.path}/labels=1`, text: text.replace(/"next_cursor":"[^"]*"/g, '') });
    // the whole answers (docs/take-away.md): every row, as CSV with the names and as JSON Lines
    const whole = (format: string) => gw.get(`${route.path}?${[query.replace(/&?limit=500/, ''), `format=${format}`].join('&')}`).then((r) => r.text());
    files.push({ rel: `api/v1${route.path}/format=csv&labels=1.csv`, text: await whole('csv') });
    files.push({ rel: `api/v1${route.path}/format=jsonl.jsonl`, text: (await whole('jsonl')) });
    const detail = routesOfKind('detail').find((d) => d.path === `${route.path}/{id}`);
    if (!detail) continue;
    for (const record of (JSON.parse(text) as { data: { id: unknown }[] }).data.slice(0, 100)) {
      const path = `${route.path}/${encodeURIComponent(String(record.id))}`;
      files.push({ rel: `api/v1${path}/labels=1`, text: await (await gw.get(`${path}?labels=1`)).text() });
    }
  }
}, 600_000);

describe('no private byte is published', () => {
  it('scans a real export, its bulk files included, the labelled answers and the whole CSV and JSON Lines answers', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.rel.endsWith('/labels=1')).length).toBeGreaterThan(200);
    expect(files.find((f) => f.rel === 'api/v1/contributions/labels=1')?.text).toContain('"candidate_person_name"');
    expect(files.find((f) => f.rel === 'api/v1/contributions/format=csv&labels=1.csv')?.text).toContain(',candidate_person_name,');
    expect(files.filter((f) => f.rel.endsWith('/format=jsonl.jsonl')).length).toBe(routesOfKind('list').length);
    for (const name of ['bulk/contributions.csv', 'bulk/contributions.csv.gz', 'bulk/contributions.parquet', 'bulk/quarantine.csv', 'bulk/links.jsonl']) {
      expect(files.map((f) => f.rel)).toContain(name);
    }
  });

  it('carries no contributor postal code', async () => {
    const codes = (await wh.all<{ c: string }>(`select distinct upper(trim(contributor_postal_code)) as c from src_contributions__rows
      where contributor_postal_code is not null and length(trim(contributor_postal_code)) >= 6`)).map((r) => r.c);
    expect(codes.length).toBeGreaterThan(10);
    const variants = codes.flatMap((c) => [c, c.replace(/\s+/g, ''), `${c.replace(/\s+/g, '').slice(0, 3)} ${c.replace(/\s+/g, '').slice(3)}`]);
    const leaks = files.flatMap((f) => variants.filter((v) => f.text.includes(v)).map((v) => `${f.rel}: ${v}`));
    expect(leaks).toEqual([]);
  });

  it('carries no contributor street address', async () => {
    const addresses = (await wh.all<{ a: string }>(`select distinct trim(contributor_address) as a from src_contributions__rows
      where contributor_address is not null and length(trim(contributor_address)) >= 8`)).map((r) => r.a);
    const leaks = files.flatMap((f) => addresses.filter((a) => f.text.includes(a)).map((a) => `${f.rel}: ${a}`));
    expect(leaks).toEqual([]);
  });

  it('publishes at /contributions the contributor city, never a street, unit or postal code of the address', async () => {
    // every part of an address holding a number (the street line, a suite, a postal code) stays private, however short
    const parts = (await wh.all<{ p: string }>(`select distinct trim(unnest(string_split(contributor_address, ','))) as p
      from src_contributions__rows where contributor_address is not null`)).map((r) => r.p).filter((p) => /\d/.test(p) && p.length >= 4);
    expect(parts.length).toBeGreaterThan(0);
    const published = files.filter((f) => f.rel.includes('contributions'));
    expect(published.map((f) => f.rel)).toContain('api/v1/contributions/index.json');
    const leaks = published.flatMap((f) => parts.filter((p) => f.text.includes(p)).map((p) => `${f.rel}: ${p}`));
    expect(leaks).toEqual([]);
    const cities = await wh.all<{ c: string }>('select distinct contributor_city as c from api_contributions where contributor_city is not null');
    expect(cities.filter(({ c }) => /\d/.test(c))).toEqual([]);
  });

  it('scans every byte of the contribution insights: pages and bulk files', () => {
    for (const name of CONTRIBUTION_INSIGHTS) {
      expect(files.map((f) => f.rel)).toContain(`api/v1/insights/${name}/index.json`);
      for (const ext of ['csv', 'csv.gz', 'jsonl', 'jsonl.gz', 'parquet']) expect(files.map((f) => f.rel)).toContain(`bulk/insights-${name}.${ext}`);
    }
  });

  it('names no contributor in the contribution insights: no contributor, link or tier column, no contributor name', async () => {
    const insightFiles = files.filter((f) => CONTRIBUTION_INSIGHTS.some((n) => f.rel.startsWith(`api/v1/insights/${n}/`) || f.rel.startsWith(`bulk/insights-${n}.`)));
    expect(insightFiles.length).toBeGreaterThanOrEqual(CONTRIBUTION_INSIGHTS.length * 6);
    // the columns: aggregates only (the bulk JSON Lines carry every column of every row)
    const forbidden = /^(id|contribution_id|contributor(_(name|city|address|postal_code|identity|key))?|identity|registry_person_id|registration_ids|tier|link_id|postal.*|address.*)$/; // counts and shares of contributors are aggregates
    for (const f of insightFiles.filter((x) => x.rel.endsWith('.jsonl'))) {
      const keys = new Set(f.text.trim().split('\n').filter(Boolean).flatMap((line) => Object.keys(JSON.parse(line))));
      expect([...keys].filter((k) => forbidden.test(k)), f.rel).toEqual([]);
    }
    // the names as filed (tier 1, 2 and 3 alike; the tier-3 ones are nowhere else either)
    const names = (await wh.all<{ n: string }>(`select distinct trim(contributor_name) as n from src_contributions__rows
      where contributor_name is not null and length(trim(contributor_name)) >= 8`)).map((r) => r.n);
    expect(names.length).toBeGreaterThan(50);
    const leaks = insightFiles.flatMap((f) => names.filter((n) => f.text.includes(n)).map((n) => `${f.rel}: ${n}`));
    expect(leaks).toEqual([]);
    // nor the folded names the contributor counts are made of (int_contributor_identities)
    const folded = (await wh.all<{ n: string }>(`select distinct substr(identity, 6) as n from int_contributor_identities
      where identity like 'name:%' and length(identity) >= 13`)).map((r) => r.n);
    expect(folded.length).toBeGreaterThan(50);
    const foldedLeaks = insightFiles.flatMap((f) => folded.filter((n) => f.text.includes(n)).map((n) => `${f.rel}: ${n}`));
    expect(foldedLeaks).toEqual([]);
  });

  it('scans the Atom feeds, their index and OPML, and names no contributor in them who is not a published person or organisation', async () => {
    const feeds = files.filter((f) => f.rel.startsWith('api/v1/feeds/'));
    for (const name of ['api/v1/feeds/registrations.atom', 'api/v1/feeds/index.json', 'api/v1/feeds/index.opml']) expect(feeds.map((f) => f.rel)).toContain(name);
    expect(feeds.filter((f) => f.rel.endsWith('.atom.gz')).length).toBeGreaterThan(10);
    // a contributor who is also a lobbyist or a client is named in the feeds as that published record, never otherwise
    const names = (await wh.all<{ n: string }>(`select distinct trim(contributor_name) as n from src_contributions__rows
      where contributor_name is not null and length(trim(contributor_name)) >= 8
        and trim(contributor_name) not in (select canonical_name from api_people union all select canonical_name from api_organizations)`)).map((r) => r.n);
    expect(names.length).toBeGreaterThan(50);
    const leaks = feeds.flatMap((f) => names.filter((n) => f.text.includes(n)).map((n) => `${f.rel}: ${n}`));
    expect(leaks).toEqual([]);
    // nor anything of the contributions beyond the attribution naming the dataset (the .br twins are not decoded here)
    const utf8 = (f: { rel: string; text: string }) => (f.rel.endsWith('.gz') ? f.text : Buffer.from(f.text, 'latin1').toString('utf8'));
    expect(feeds.filter((f) => !f.rel.endsWith('.br') && /contribut/i.test(utf8(f).split(ATTRIBUTION).join(''))).map((f) => f.rel)).toEqual([]);
  });

  it('scans every chart, SVG and spec, and no chart names a contributor or draws a tier-3 share', async () => {
    const index = JSON.parse(files.find((f) => f.rel === 'api/v1/insights/charts.json')!.text) as { data: { svg: string; vega_lite: string }[] };
    expect(index.data.length).toBeGreaterThan(6);
    const charts = files.filter((f) => /\/chart\.(svg|vl\.json)$/.test(f.rel));
    const rel = (url: string) => `api/v1${url.slice(url.indexOf('/insights/'))}`;
    expect(charts.map((f) => f.rel).sort()).toEqual(index.data.flatMap((c) => [rel(c.svg), rel(c.vega_lite)]).sort());
    const names = (await wh.all<{ n: string }>(`select distinct trim(contributor_name) as n from src_contributions__rows
      where contributor_name is not null and length(trim(contributor_name)) >= 8`)).map((r) => r.n);
    const leaks = charts.flatMap((f) => names.filter((n) => f.text.includes(n)).map((n) => `${f.rel}: ${n}`));
    expect(leaks).toEqual([]);
    expect(charts.filter((f) => /tier3|tier 3/i.test(f.text)).map((f) => f.rel)).toEqual([]);
  });

  it('publishes no L7 link and no tier-3 match', () => {
    const leaks = files.filter((f) => /"task":"L7"/.test(f.text) || /"tier":3\b/.test(f.text)).map((f) => f.rel);
    expect(leaks).toEqual([]);
    // the CSV forms: no link row of task L7, no contribution row of tier 3
    const rows = (rel: string) => parse(files.find((f) => f.rel === rel)!.text, { columns: true }) as Record<string, string>[];
    expect(rows('bulk/links.csv').filter((r) => r.task === 'L7')).toEqual([]);
    const tiers = new Set(rows('bulk/contributions.csv').map((r) => r.tier));
    expect([...tiers].filter((t) => t !== '1' && t !== '2')).toEqual([]);
    // and the whole CSV answers, after their licence lines
    const answer = (rel: string) => parse(files.find((f) => f.rel === rel)!.text, { columns: true, from_line: 3 }) as Record<string, string>[];
    expect(answer('api/v1/links/format=csv&labels=1.csv').filter((r) => r.task === 'L7')).toEqual([]);
    const answered = new Set(answer('api/v1/contributions/format=csv&labels=1.csv').map((r) => r.tier));
    expect(answered.size).toBeGreaterThan(0);
    expect([...answered].filter((t) => t !== '1' && t !== '2')).toEqual([]);
  });
});
