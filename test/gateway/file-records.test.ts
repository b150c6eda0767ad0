// Records read from the Arrow file by position are the bytes the in-memory column holds, for any set of rows: in
// order, out of order, repeated, far apart (separate reads) and close together (one read).
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { byteStrings } from '../../api/query/arrow-read.ts';
import { memoryRecords } from '../../api/query/records.ts';
import { fileRecords } from '../../gateway/utils/file-records.ts';

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
    const fromFile = fileRecords(handle, view, column());
    const inMemory = memoryRecords(column());
    const sets = [
      records.map((_, i) => i), [0], [399], [5, 4, 3], [1, 1, 2, 2], [0, 50, 100, 150, 399], [10, 11, 13, 200, 201, 12],
      Array.from({ length: 100 }, (_, i) => (i * 37) % 400).sort((a, b) => a - b), [],
    ];
    for (const rows of sets) {
      expect(fromFile.bytes(rows).map((b) => Buffer.from(b).toString()), String(rows)).toEqual(inMemory.bytes(rows).map((b) => Buffer.from(b).toString()));
      expect(fromFile.bytes(rows).map((b) => Buffer.from(b).toString())).toEqual(rows.map((r) => records[r]));
    }
    for (const r of [0, 50, 399]) expect(fromFile.get(r)).toBe(records[r]);
    await handle.close();
  });
});
