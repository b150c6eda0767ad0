// The id-only pass with its record cache and byte-level skipper reads every snapshot as the plain reader does: same
// records, communications, quarantined positions and reasons and file problems, whatever the file holds around or
// inside its records and wherever the chunks are cut; a damaged ZIP that looked plain is read again by fflate.
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMixedDecoder } from '../../../pipeline/lib/encoding.ts';
import { runIdPass } from '../../../pipeline/sources/registry/id-pass.ts';
import { parseSnapshot, type SnapshotParse } from '../../../pipeline/sources/registry/parse-snapshot.ts';
import { RecordCache } from '../../../pipeline/sources/registry/record-cache.ts';
import { checkRecord, communicationsOf, smNumberOf } from '../../../pipeline/sources/registry/record-rows.ts';
import { createRecordSkipper } from '../../../pipeline/sources/registry/record-skipper.ts';
import { listSnapshots } from '../../../pipeline/sources/registry/snapshot-files.ts';
import { createRecordReader, recordRoots } from '../../../pipeline/sources/registry/xml-records.ts';
import { cleanup, put, tempDir } from './helpers.ts';

const row = (sm: string, comms: string[], extra = '') => `<ROW><SMXML><SM><SMNumber>${sm}</SMNumber>${extra}<Communications>${
  comms.map((c) => `<Communication><POH_Name>${c}</POH_Name><CommunicationDate>2024-01-0${c.length % 9}</CommunicationDate></Communication>`).join('')
}</Communications></SM></SMXML></ROW>`;
const file = (rows: string[], head = '<?xml version="1.0"?>\n<ROWSET>\n', tail = '\n</ROWSET>\n') => head + rows.join('\n') + tail;

// Day by day: unchanged records, changed ones, and everything the splitter treats specially around or inside them.
const DAYS: Record<string, string | Buffer>[] = [
  { 'a.xml': file([row('SM1', ['Ann']), row('SM2', ['Bob']), row('SM3', ['Cy', 'Cy'])]) },
  { 'a.xml': file([row('SM1', ['Ann']), row('SM2', ['Bob', 'Bea']), row('SM3', ['Cy', 'Cy']), row('SM4', ['Di'])]) },
  // a comment and CDATA between and inside records, stray text, a record broken inside, a record tag with attributes
  { 'a.xml': file([row('SM1', ['Ann']), '<!-- <ROW>not a record</ROW> -->', row('SM2', ['Bob', 'Bea']), 'stray text',
    row('SM3', ['Cy', 'Cy']), row('SM5', ['Ed'], '<Status>Act'), '<ROW id="7"><SMXML><SM><SMNumber>SM7</SMNumber></SM></SMXML></ROW>',
    row('SM4', ['Di'], '<![CDATA[</ROW><ROW>]]>')]) },
  // the same records after a comment left open across them, then a file with no envelope and a BOM
  { 'a.xml': file([row('SM1', ['Ann']), '<!-- open', row('SM2', ['Bob', 'Bea']), '-->', row('SM3', ['Cy', 'Cy'])]),
    'b.xml': `\uFEFF${row('SM1', ['Ann'])}\n${row('SM2', ['Bob', 'Bea'])}` },
  // lower-case record tags (the file's record tag is then `row`, as spelled), SM records, Windows-1252 bytes, a cut file
  { 'a.xml': file([row('SM1', ['Ann']).replace(/ROW>/g, 'row>'), row('SM2', ['Bob', 'Bea']), row('SM3', ['Cy', 'Cy'])]),
    'b.xml': file([row('SM1', ['Ann']).replace(/<\/?ROW>|<\/?SMXML>/g, ''), row('SM2', ['Bob', 'Bea']).replace(/<\/?ROW>|<\/?SMXML>/g, '')]),
    'c.xml': Buffer.concat([Buffer.from(file([row('SM1', ['Ann'])]).replace('Ann', 'Ren')), Buffer.from([0x3c, 0x52, 0x4f, 0x57, 0x3e, 0xe9])]) },
  { 'a.xml': file([row('SM1', ['Ann']), row('SM2', ['Bob', 'Bea']), row('SM3', ['Cy', 'Cy']), row('SM4', ['Di']), row('SM6', ['Flo'])]).slice(0, -40) },
];

/** What a parse yields, minus excerpts (a skipped record moves the parser's line numbers in later excerpts). */
const outcome = (p: SnapshotParse) => ({
  records: p.records, sha256: p.sha256, xmlBytes: p.xmlBytes,
  ids: p.sightings.map((s) => `${s.communication_id} ${s.sm_number} ${s.communication_date}`),
  quarantine: p.quarantine.map((q) => [q.sourceFile, q.sourcePosition, q.reason]), files: p.fileProblems,
});

describe('the id-only pass over daily snapshots', () => {
  let raw: string;
  beforeEach(() => {
    raw = tempDir();
  });
  afterEach(() => cleanup(raw));

  const writeDays = (asZip: boolean) => DAYS.forEach((files, i) => {
    const dir = path.join(raw, 'lobbyist-registry/snapshots', `2024-02-0${i + 1}`);
    if (!asZip) for (const [name, content] of Object.entries(files)) put(path.join(dir, name), content);
    else put(path.join(dir, 'lobbyactivity.zip'), zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, Buffer.from(c)]))));
  });

  for (const asZip of [false, true]) {
    it(`reads each snapshot as the plain reader does, with records taken from the cache (${asZip ? 'ZIP' : 'folders'})`, async () => {
      writeDays(asZip);
      const cache = new RecordCache();
      for (const snapshot of await listSnapshots(raw)) {
        const cached = await parseSnapshot(snapshot, 'ids', cache);
        cache.nextSnapshot();
        expect(outcome(cached), snapshot.date).toEqual(outcome(await parseSnapshot(snapshot, 'ids')));
        expect(outcome(cached), snapshot.date).toMatchObject({ ids: (await parseSnapshot(snapshot, 'full')).sightings.map((s) => `${s.communication_id} ${s.sm_number} ${s.communication_date}`) });
      }
      expect(cache.hits).toBeGreaterThan(10);
    });
  }

  it('merges first and last sightings the same in one thread and in worker threads', async () => {
    writeDays(true);
    const snapshots = [...(await listSnapshots(raw))];
    // more snapshots than one worker's minimum, so two threads share them
    for (let i = 0; i < 12; i++) {
      const dir = path.join(raw, 'lobbyist-registry/snapshots', `2024-03-${String(10 + i)}`);
      put(path.join(dir, 'lobbyactivity.zip'), zipSync({ 'a.xml': Buffer.from(file([row('SM1', ['Ann']), row(`SM${20 + (i % 3)}`, ['Gus'])])) }));
    }
    snapshots.splice(0, snapshots.length, ...(await listSnapshots(raw)));
    const sort = (r: Awaited<ReturnType<typeof runIdPass>>) => ({
      summaries: r.summaries.map(({ ms: _ms, ...s }) => s),
      sightings: r.sightings.map((s) => ({ ...s })).sort((a, b) => (a.communication_id < b.communication_id ? -1 : 1)),
    });
    const one = await runIdPass(snapshots, { workers: 1, onSnapshot: () => {} });
    const seen: number[] = [];
    const two = await runIdPass(snapshots, { workers: 2, onSnapshot: (_s, done) => seen.push(done) });
    expect(sort(two)).toEqual(sort(one));
    expect(seen).toEqual(snapshots.map((_s, i) => i + 1));
    expect(one.sightings.find((s) => s.sm_number === 'SM1')).toMatchObject({ first_seen_date: '2024-02-01', last_seen_date: '2024-03-21' });
  });

  it('reads a ZIP whose deflate data is damaged after a plain-looking directory as fflate does', async () => {
    const xml = Buffer.from(file(Array.from({ length: 300 }, (_, i) => row(`SM${i}`, ['Ann', 'Bob']))));
    const zip = Buffer.from(zipSync({ 'a.xml': xml }));
    zip[200] ^= 0xff; // inside the compressed data: the directory still describes a plain ZIP
    put(path.join(raw, 'lobbyist-registry/snapshots/2024-02-01/lobbyactivity.zip'), zip);
    const [snapshot] = await listSnapshots(raw);
    const parsed = await parseSnapshot(snapshot!, 'ids', new RecordCache());
    expect(parsed.fileProblems.map((f) => f.reason)).toContain('broken zip file');
    expect(outcome(parsed)).toEqual(outcome(await parseSnapshot(snapshot!, 'ids')));
  });
});

describe('the byte-level record skipper', () => {
  /** Records and ids the reader yields for `bytes` cut into chunks by `cut`, with (or without) a warm cache. */
  function read(bytes: Buffer, cache: RecordCache | null, cut: (i: number) => number) {
    const out: string[] = [];
    const reader = createRecordReader({
      remember: cache !== null,
      onRecord: (record, text) => {
        const roots = recordRoots(record.root);
        const ids: string[] = [];
        for (const root of roots) {
          const reason = checkRecord(record, root);
          if (reason) out.push(`${record.position} ${reason}`);
          else ids.push(...communicationsOf(root, smNumberOf(root)).map((c) => c.id));
        }
        out.push(...ids);
        if (cache && text !== undefined && roots.every((r) => !checkRecord(record, r))) cache.set(text, { records: roots.length, sightings: ids.map((id) => ({ communication_id: id, sm_number: '', communication_date: null })) });
      },
      onProblem: (p) => out.push(`problem ${p.position} ${p.reason}`),
    });
    const decoder = createMixedDecoder();
    const sink = cache
      ? createRecordSkipper(reader, decoder, cache, (k) => out.push(...k.sightings.map((s) => s.communication_id)))
      : { write: (c: Uint8Array) => reader.write(decoder.write(c)), end: () => { reader.write(decoder.end()); reader.end(); } };
    for (let i = 0, at = 0; at < bytes.length; i++) {
      const n = Math.max(1, cut(i));
      sink.write(bytes.subarray(at, at + n));
      at += n;
    }
    sink.end();
    return { out, count: reader.count };
  }

  it('finds the same records wherever the chunks are cut', () => {
    const text = file([...Array.from({ length: 40 }, (_, i) => row(`SM${i}`, ['Ann', 'Bob'.repeat(i % 3)])),
      row('SM90', ['Zed'], '<Status>Act'), '<ROWSET-not>', row('SM91', ['Yan'])]);
    // a lone UTF-8 lead byte right before a known record: the decoder holds it back, so that record cannot be skipped
    const at = text.indexOf('<ROW><SMXML><SM><SMNumber>SM7<');
    const xml = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xc3]), Buffer.from(text.slice(at))]);
    const plain = read(xml, null, () => xml.length);
    const cache = new RecordCache();
    read(xml, cache, () => xml.length); // warm
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) % 23;
    for (const cut of [() => 1, () => 5, () => 4096, random]) {
      expect(read(xml, cache, cut)).toEqual(plain);
      cache.nextSnapshot();
    }
    expect(cache.hits).toBeGreaterThan(100);
  });

  it('reads a record it knows as new when its bytes are not valid UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('<ROWSET>\n'), Buffer.from(row('SM1', ['Ren'])), Buffer.from('\n</ROWSET>')]);
    const latin = Buffer.from(bytes.toString('latin1').replace('Ren', 'R\u00e9n'), 'latin1'); // 0xE9 alone
    const cache = new RecordCache();
    const first = read(latin, cache, () => 1 << 20);
    expect(read(latin, cache, () => 1 << 20)).toEqual(first);
    expect(cache.hits).toBe(0);
  });
});
