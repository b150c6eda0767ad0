// Records read from the Arrow file by position are the bytes the in-memory column holds, for any set of rows: in
// order, out of order, repeated, far apart (separate reads) and close together (one read), joined into one body
// between a head and a tail exactly as the in-memory column joins them.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { byteStrings } from '../../api/query/arrow-read.ts';
import { memoryRecords } from '../../api/query/records.ts';
import { fileRecords } from '../../export/serve/file-records.ts';
import { RecentRecords } from '../../export/serve/recent-records.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('fileRecords', () => {
  it('reads the same bytes as the column in memory', async () => {
    // rows of 10 B to 40 KB, so some neighbours are read together and some apart
    const records = Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: i, text: 'é'.repeat((i * 7919) % (i % 50 === 0 ? 20_000 : 300)) }));
    const bytes = tableToIPC(new Table({ _json: vectorFromArray(records, new Utf8()) }), 'file');
    const dir = await mkdtemp(path.join(tmpdir(), 'file-records-'));
    dirs.push(dir);
    await writeFile(path.join(dir, 't.arrow'), bytes);
    const handle = await open(path.join(dir, 't.arrow'));
    const fileBytes = await handle.readFile();
    const view = new Uint8Array(fileBytes.buffer, fileBytes.byteOffset, fileBytes.byteLength);
    const column = () => byteStrings(tableFromIPC(view).getChild('_json')!);
    const inMemory = memoryRecords(column());
    // no cache, the default cache (a quarter of the records' bytes), and one of 3 kB that wraps and evicts on most reads
    for (const fromFile of [fileRecords(handle, view, column(), 0), fileRecords(handle, view, column()), fileRecords(handle, view, column(), 3000)]) {
      const sets = [
        records.map((_, i) => i), [0], [399], [5, 4, 3], [1, 1, 2, 2], [0, 50, 100, 150, 399], [10, 11, 13, 200, 201, 12],
        Array.from({ length: 100 }, (_, i) => (i * 37) % 400).sort((a, b) => a - b), [],
      ];
      const head = Buffer.from('{"data":[');
      const tail = Buffer.from('],"note":"fin ✓"}');
      // every set twice (read, then kept), then all of them again in reverse
      for (const rows of [...sets, ...sets, ...sets.slice().reverse()]) {
        const got = fromFile.joined(rows, head, tail);
        expect(got.equals(inMemory.joined(rows, head, tail)), String(rows)).toBe(true);
        expect(got.toString()).toBe(`{"data":[${rows.map((r) => records[r]).join(',')}],"note":"fin ✓"}`);
        // a whole answer's read (another separator, nothing kept) gives the same records
        const lines = fromFile.joined(rows, Buffer.alloc(0), Buffer.from('\n'), { separator: 0x0a, once: true });
        expect(lines.equals(inMemory.joined(rows, Buffer.alloc(0), Buffer.from('\n'), { separator: 0x0a })), String(rows)).toBe(true);
      }
      for (const r of [0, 50, 399]) expect(fromFile.get(r)).toBe(records[r]);
    }
    await handle.close();
  });
});

describe('RecentRecords', () => {
  const bytes = (row: number, n: number) => Buffer.from(String(row % 10).repeat(n));
  const kept = (cache: RecentRecords, row: number, n: number) => {
    const out = Buffer.alloc(n);
    return cache.copyTo(row, n, out, 0) ? out.toString() : null;
  };

  it('keeps records until the budget is spent, then lets the oldest go first', () => {
    const cache = new RecentRecords(100, 10);
    for (let row = 0; row < 8; row++) cache.put(row, bytes(row, 12)); // 96 bytes
    expect(cache.size).toBe(8);
    for (let row = 0; row < 8; row++) expect(kept(cache, row, 12)).toBe(String(row).repeat(12));
    // 12 more do not fit after byte 96: writing starts over at 0, over rows 0 and 1
    cache.put(8, bytes(8, 12));
    expect(kept(cache, 0, 12)).toBeNull();
    expect(kept(cache, 1, 12)).toBe('1'.repeat(12));
    expect(kept(cache, 8, 12)).toBe('8'.repeat(12));
    cache.put(9, bytes(9, 12)); // bytes 12–24: over row 1
    expect(kept(cache, 1, 12)).toBeNull();
    expect(kept(cache, 2, 12)).toBe('2'.repeat(12));
    expect(cache.size).toBe(8);
  });

  it('keeps a row once, and never a record larger than an eighth of the budget', () => {
    const cache = new RecentRecords(80, 10);
    cache.put(1, bytes(1, 11));
    expect(cache.size).toBe(0);
    cache.put(1, bytes(1, 10));
    cache.put(1, bytes(2, 10));
    expect(cache.size).toBe(1);
    expect(kept(cache, 1, 10)).toBe('1'.repeat(10));
    // a row the table does not have is refused, not kept somewhere a look-up could never find it
    expect(() => cache.put(10, bytes(1, 10))).toThrow(RangeError);
    expect(kept(cache, 10, 10)).toBeNull();
  });

  it('holds exactly what a shadow map of the newest records holds, through many wraps', () => {
    const cache = new RecentRecords(1000, 997);
    const shadow: [number, string][] = [];
    for (let i = 0; i < 5000; i++) {
      const row = (i * 7919) % 997;
      const n = 1 + ((i * 31) % 120);
      if (shadow.some(([r]) => r === row)) continue;
      const value = bytes(row, n);
      cache.put(row, value);
      shadow.push([row, value.toString()]);
      // oldest out first: once the oldest kept record is found, every newer one is kept, byte for byte
      while (shadow.length > 0 && kept(cache, shadow[0]![0], shadow[0]![1].length) === null) shadow.shift();
      for (const [r, v] of shadow) expect(kept(cache, r, v.length)).toBe(v);
      expect(cache.size).toBe(shadow.length);
      // within the budget, and losing at most the slab's unused end and the record being written (< 2 × 120 bytes)
      const held = shadow.reduce((sum, [, v]) => sum + v.length, 0);
      expect(held).toBeLessThanOrEqual(1000);
      if (i > 100) expect(held).toBeGreaterThan(1000 - 240);
    }
  });
});
