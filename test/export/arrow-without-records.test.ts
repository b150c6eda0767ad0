// A list route's Arrow file is read without its records' bytes when it has the writer's layout, and whole when it
// has another; either way the table built from it answers with the file's records.
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Int32, Table, Utf8, tableFromIPC, tableToIPC, vectorFromArray } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { byteStrings } from '../../api/query/arrow-read.ts';
import { readArrowSkippingRecords } from '../../export/serve/arrow-without-records.ts';
import { fileRecords } from '../../export/serve/file-records.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const N = 500;
const sorts = Array.from({ length: N }, (_, i) => `k${String(i).padStart(5, '0')}`);
const records = sorts.map((k, i) => JSON.stringify({ id: k, n: i, text: 'x'.repeat(i % 90) }));
const nums = Array.from({ length: N }, (_, i) => (i % 7 === 0 ? null : i));

async function written(bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), 'arrow-file-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 't.arrow'), bytes);
  return open(path.join(dir, 't.arrow'));
}

async function check(file: Uint8Array, expectSkipped: boolean) {
  const handle = await written(file);
  const bytes = await readArrowSkippingRecords(handle);
  expect(bytes.byteLength).toBe(file.byteLength);
  const zeroed = bytes.some((b, i) => b !== file[i]);
  expect(zeroed).toBe(expectSkipped);
  const table = tableFromIPC(bytes);
  expect(table.getChild('_sort')!.toArray()).toEqual(sorts);
  expect([...table.getChild('n')!]).toEqual(nums);
  const source = fileRecords(handle, bytes, byteStrings(table.getChild('_json')!));
  const rows = [0, 1, 2, 250, 499];
  expect(source.joined(rows, Buffer.from('['), Buffer.from(']')).toString()).toBe(`[${rows.map((r) => records[r]).join(',')}]`);
  await handle.close();
}

describe('readArrowSkippingRecords', () => {
  const columns = (from: number, to: number) => ({
    _sort: vectorFromArray(sorts.slice(from, to), new Utf8()),
    _json: vectorFromArray(records.slice(from, to), new Utf8()),
    n: vectorFromArray(nums.slice(from, to), new Int32()),
  });

  it('leaves the records of the writer\'s layout unread', () => check(tableToIPC(new Table(columns(0, N)), 'file'), true));

  it('reads a file of several batches whole', async () => {
    const two = new Table(columns(0, 200)).concat(new Table(columns(200, N)));
    expect(two.batches.length).toBe(2);
    await check(tableToIPC(two, 'file'), false);
  });

  it('reads a file whose columns are in another order whole', async () => {
    const { _sort, _json, n } = columns(0, N);
    await check(tableToIPC(new Table({ n, _sort, _json }), 'file'), false);
  });
});
