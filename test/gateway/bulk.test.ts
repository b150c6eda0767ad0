// The bulk routes over the e2e city's export: the manifest, every file with its bytes, SHA-256 ETag and media type,
// HEAD, byte ranges (206, 416, If-Range), precompressed gzip, 304; 404 with the error body for unknown dates, files not
// in the manifest and every path-traversal spelling; an export pruned to its bulk files still downloads by date.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkManifest } from '../../build/bulk/write-bulk.ts';
import { fixedExportHolder, type ExportHolder } from '../../export/serve/export-holder.ts';
import { e2eCity } from '../e2e/city.ts';
import { errorOf, makeApp, openHolder, type TestApp } from './helpers.ts';

let t: TestApp;
let manifest: BulkManifest;
let bulkDir: string;
let holder: ExportHolder;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

beforeAll(async () => {
  const config = await e2eCity();
  holder = await openHolder(config.siteRoot, config.cursorSecret);
  t = makeApp(holder, { siteRoot: config.siteRoot, cursorSecret: config.cursorSecret });
  bulkDir = path.join(holder.current()!.dir, 'bulk');
  manifest = JSON.parse(readFileSync(path.join(bulkDir, 'manifest.json'), 'utf8'));
});

const file = (name: string) => manifest.files.find((f) => f.name === name)!;
const url = (name: string) => `/bulk/${manifest.export_date}/${name}`;

describe('GET /bulk', () => {
  it('answers the live export\'s manifest as written', async () => {
    const res = await t.get('/bulk');
    expect(res.status).toBe(200);
    expect(Buffer.from(await bytesOf(res)).equals(readFileSync(path.join(bulkDir, 'manifest.json')))).toBe(true);
    expect(manifest.files.length).toBeGreaterThan(50);
  });

  it('lists file URLs that resolve against the manifest\'s own address, at whatever host serves it', async () => {
    for (const manifestUrl of ['http://mirror.example:8080/api/v1/bulk', 'http://127.0.0.1:3000/api/v1/bulk/']) {
      const served = JSON.parse(await (await t.app.request(manifestUrl, {}, { clientAddress: '192.0.2.1' } as never)).text()) as BulkManifest;
      for (const f of served.files.filter((x) => x.format === 'csv' || x.format === 'json')) {
        const resolved = new URL(f.url, manifestUrl);
        expect([f.name, resolved.origin, resolved.pathname]).toEqual([f.name, new URL(manifestUrl).origin, `/api/v1${url(f.name)}`]);
        const res = await t.app.request(resolved.href, {}, { clientAddress: '192.0.2.1' } as never);
        expect([f.name, res.status, sha(await bytesOf(res))]).toEqual([f.name, 200, f.sha256]);
      }
    }
  });

  it('is a 404 with the error body when nothing is published', async () => {
    const res = await makeApp(fixedExportHolder(null)).get('/bulk');
    expect(await errorOf(res)).toMatchObject({ status: 404, error: 'not_found' });
  });
});

describe('GET /bulk/{date}/{file}', () => {
  it('downloads every file of the manifest: its bytes, SHA-256 ETag, media type and length', async () => {
    for (const f of manifest.files) {
      const res = await t.get(url(f.name));
      const body = await bytesOf(res);
      expect([f.name, res.status, body.byteLength, sha(body)]).toEqual([f.name, 200, f.bytes, f.sha256]);
      expect(res.headers.get('etag')).toBe(`"${f.sha256}"`);
      expect(res.headers.get('content-type')).toContain(f.media_type);
      expect(res.headers.get('content-length')).toBe(String(f.bytes));
      expect(res.headers.get('x-export-id')).toBe(manifest.export_id);
    }
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const f = file('communications.csv');
    const res = await t.get(url(f.name), { method: 'HEAD' });
    expect([res.status, res.headers.get('content-length'), (await bytesOf(res)).byteLength]).toEqual([200, String(f.bytes), 0]);
  });

  it('answers one byte range (206, resuming a download), a suffix and an open end; 416 outside the file', async () => {
    const f = file('links.jsonl');
    const whole = readFileSync(path.join(bulkDir, f.name));
    for (const [range, start, end] of [['bytes=10-99', 10, 99], ['bytes=-50', f.bytes - 50, f.bytes - 1], [`bytes=${f.bytes - 7}-`, f.bytes - 7, f.bytes - 1]] as const) {
      const res = await t.get(url(f.name), { headers: { range } });
      expect([range, res.status, res.headers.get('content-range')]).toEqual([range, 206, `bytes ${start}-${end}/${f.bytes}`]);
      expect(Buffer.from(await bytesOf(res)).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    const outside = await t.get(url(f.name), { headers: { range: `bytes=${f.bytes}-` } });
    expect(await errorOf(outside)).toMatchObject({ status: 416, error: 'range_not_satisfiable' });
    expect(outside.headers.get('content-range')).toBe(`bytes */${f.bytes}`);
    // a range of another version of the file (If-Range with an old ETag) gets the whole current file
    const other = await t.get(url(f.name), { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect([other.status, (await bytesOf(other)).byteLength]).toEqual([200, f.bytes]);
  });

  it('serves the precompressed gzip body to a client that accepts it, with its own ETag; 304 when unchanged', async () => {
    const f = file('communications.jsonl');
    const res = await t.get(url(f.name), { headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('etag')).toBe(`"${f.gzip!.sha256}"`);
    const body = await bytesOf(res);
    expect(sha(gunzipSync(body))).toBe(f.sha256);
    const again = await t.get(url(f.name), { headers: { 'if-none-match': `"${f.sha256}"` } });
    expect(again.status).toBe(304);
    const parquet = await t.get(url('communications.parquet'), { headers: { 'accept-encoding': 'gzip' } });
    expect(parquet.headers.get('content-encoding')).toBeNull(); // Parquet is compressed already
  });

  it.each([
    ['an unknown date', '/bulk/2020-01-01/communications.csv'],
    ['a malformed date', '/bulk/20261120/communications.csv'],
    ['a file not in the manifest', '__/nope.csv'],
    ['the gzip twin by name', '__/communications.csv.gz'],
    ['the export manifest', '__/_manifest.json'],
    ['a parent folder', '__/..%2F_manifest.json'],
    ['an encoded slash', '__/bulk%2Fmanifest.json'],
    ['an absolute path', '__/%2Fetc%2Fpasswd'],
    ['a backslash', '__/..%5C_manifest.json'],
  ])('is a 404 with the error body for %s', async (_what, target) => {
    const res = await t.get(target.replace('__/', `/bulk/${manifest.export_date}/`));
    expect([404, 400]).toContain(res.status); // the router may refuse a path it cannot decode (400) before the route
    expect((await errorOf(res)).error).toMatch(/not_found|route_not_found|invalid_parameter|bad_request/);
  });
});

describe('dot segments', () => {
  it('are resolved by URL normalisation before routing, so they never leave the API: /bulk/<date>/%2e%2e is /bulk', async () => {
    const res = await t.get(`/bulk/${manifest.export_date}/%2e%2e`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await bytesOf(res)).equals(readFileSync(path.join(bulkDir, 'manifest.json')))).toBe(true);
  });
});

describe('exports pruned to their bulk files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'bulk-archive-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('download by date from the bulk archive while the publish journal keeps them', async () => {
    const id = '2026-11-19-0123abcd';
    const dir = path.join(root, 'bulk-archive', id);
    mkdirSync(dir, { recursive: true });
    const csv = 'id\r\n1\r\n';
    writeFileSync(path.join(dir, 'groups.csv'), csv);
    const entry = { name: 'groups.csv', resource: 'groups', format: 'csv', media_type: 'text/csv', rows: 1, bytes: csv.length, sha256: sha(Buffer.from(csv)), url: '', gzip: null };
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, export_id: id, export_date: '2026-11-19', files: [entry] }));
    writeFileSync(path.join(root, 'published.json'), JSON.stringify([{ export_id: id, export_date: '2026-11-19', published_at: '2026-11-19T06:00:00Z' }]));
    const app = makeApp(holder, { siteRoot: root });
    const res = await app.get('/bulk/2026-11-19/groups.csv');
    expect([res.status, await res.text(), res.headers.get('x-export-id')]).toEqual([200, csv, id]);
    expect((await app.get('/bulk/2026-11-19/links.csv')).status).toBe(404);
  });
});
