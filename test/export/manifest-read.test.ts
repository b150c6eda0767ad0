// The compact manifest file list answers exactly as the parsed JSON would: every path with its digest and size,
// nothing else, whatever the layout (the writer's JSON.stringify, indented, escaped or non-ASCII paths, a path
// listed twice), and refuses what is not a manifest. The site writer's binary file index answers the same, and is
// used only when the manifest's head names its bytes. The head alone reads as the whole manifest's head.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileIndexOf } from '../../export/file-index.ts';
import { fileIndexBytes, fileIndexFromBytes } from '../../export/file-index-file.ts';
import { exportLayout } from '../../export/layout.ts';
import { headBeforeFiles, parseManifest, readManifest, readManifestHead } from '../../export/manifest-read.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function manifest(paths: string[]) {
  const files: Record<string, { sha256: string; bytes: number }> = {};
  paths.forEach((p, i) => { files[p] = { sha256: sha(p), bytes: i * 37 }; });
  return { export_id: '2026-11-20-0000abcd', export_date: '2026-11-20', built_at: 'x', counts: { a: 1 }, files, night: { sources: {}, tables: { t: 2 } } };
}

const PATHS = [
  'api/v1/index.json', 'api/v1/organizations/index.json', 'api/v1/organizations/index.json.gz',
  'api/v1/people/jos\u00e9-\u00e1lvarez.json', 'api/v1/sites/"quoted"\\back.json', 'api/v1/x/tab\there.json',
  'api/v1/emoji/\u{1f600}.json', '_data/organizations.arrow', 'api/v1/organizations/index.json.br',
  'bulk/links.csv.gz', '.gz', 'x', 'x.br', 'api/v1/emoji/\u{1f600}.json.gz', 'api/v1/sites/"quoted"\\back.json.br', ...Array.from({ length: 3000 }, (_, i) => `api/v1/communications/_pages/${sha(String(i)).slice(0, 22)}.json`),
];

describe('parseManifest', () => {
  for (const [name, text] of [
    ['as the writer writes it', JSON.stringify(manifest(PATHS))],
    ['indented', JSON.stringify(manifest(PATHS), null, 2)],
    ['sizes before digests', JSON.stringify({ ...manifest(PATHS), files: Object.fromEntries(PATHS.map((p, i) => [p, { bytes: i, sha256: sha(p) }])) })],
  ] as const) {
    it(`finds every listed path and no other (${name})`, () => {
      const json = JSON.parse(text) as ReturnType<typeof manifest>;
      const { head, files } = parseManifest(Buffer.from(text));
      expect(files.size).toBe(PATHS.length);
      for (const [p, entry] of Object.entries(json.files)) expect(files.get(p)).toEqual(entry);
      expect(head).toEqual(Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'files')));
      for (const miss of ['api/v1/index.jso', 'api/v1/index.json.br', 'api/v1/index.json.gz', '', 'API/v1/index.json', '_manifest.json', 'bulk/links.csv', 'x.gz', '.br', 'gz']) {
        expect(files.has(miss)).toBe(false);
        expect(files.get(miss)).toBeUndefined();
      }
    });
  }

  it('a path listed twice keeps its later entry, as JSON.parse does', () => {
    const entry = (p: string, n: number) => `"${p}":{"sha256":"${sha(String(n))}","bytes":${n}}`;
    const text = `{"export_id":"e","files":{${[entry('a.json', 1), entry('a.json.gz', 2), entry('a.json', 3), entry('b.gz', 4), entry('a.json.gz', 5), entry('b.gz', 6)].join(',')}}}`;
    const json = JSON.parse(text) as { files: Record<string, unknown> };
    const { files } = parseManifest(Buffer.from(text));
    expect(files.size).toBe(3);
    for (const p of ['a.json', 'a.json.gz', 'b.gz']) expect(files.get(p)).toEqual(json.files[p]);
  });

  it('refuses what is not a manifest', () => {
    for (const bad of ['', '[]', '{"export_id":"e"}', '{"files":{"a":{"sha256":"zz","bytes":1}}}', '{"files":{"a":{"sha256":"' + sha('a') + '"}}}', '{"files":{"a":1}', '{"files":{"a":{"sha256":"' + sha('a') + '","bytes":1}']) {
      expect(() => parseManifest(Buffer.from(bad)), bad).toThrow();
    }
  });
});

describe('the binary file index', () => {
  const dirs: string[] = [];
  afterAll(async () => { for (const dir of dirs) await rm(dir, { recursive: true, force: true }); });

  /** An export folder with a manifest as the writer lays it out (the list last), with or without its index. */
  async function exportDir(options: { index: 'named' | 'absent' | 'other' | 'unnamed' }) {
    const dir = await mkdtemp(path.join(tmpdir(), 'file-index-'));
    dirs.push(dir);
    const { files, ...rest } = manifest(PATHS);
    const bytes = fileIndexBytes(fileIndexOf(files));
    const other = fileIndexBytes(fileIndexOf({ ...files, 'extra.json': { sha256: sha('e'), bytes: 1 } }));
    if (options.index !== 'absent') await writeFile(path.join(dir, exportLayout.fileIndex), options.index === 'other' ? other : bytes);
    const named = options.index === 'unnamed' ? {} : { file_index: { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.byteLength } };
    const json = { ...rest, ...named, files };
    await writeFile(path.join(dir, exportLayout.manifest), JSON.stringify(json));
    return { dir, json };
  }

  it('answers every path as the manifest does, and no other', () => {
    const { files } = manifest(PATHS);
    const index = fileIndexFromBytes(fileIndexBytes(fileIndexOf(files)))!;
    expect(index.size).toBe(PATHS.length);
    for (const [p, entry] of Object.entries(files)) expect(index.get(p)).toEqual(entry);
    for (const miss of ['api/v1/index.jso', 'api/v1/index.json.br', '', 'x.gz', '.br', 'gz']) expect(index.has(miss)).toBe(false);
  });

  it('is used when the head names it, and the manifest is scanned otherwise', async () => {
    for (const [kind, source] of [['named', 'index'], ['absent', 'scan'], ['other', 'scan'], ['unnamed', 'scan']] as const) {
      const { dir, json } = await exportDir({ index: kind });
      const read = await readManifest(dir);
      expect(read.source, kind).toBe(source);
      expect(read.head).toEqual(Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'files')));
      expect(read.files.size).toBe(PATHS.length);
      for (const [p, entry] of Object.entries(json.files)) expect(read.files.get(p)).toEqual(entry);
      expect(read.files.has('extra.json')).toBe(false);
    }
  });

  it('gives the head alone as the whole manifest gives it, from the bytes before the file list', async () => {
    for (const kind of ['named', 'absent'] as const) {
      const { dir, json } = await exportDir({ index: kind });
      expect(await readManifestHead(dir), kind).toEqual(Object.fromEntries(Object.entries(json).filter(([k]) => k !== 'files')));
      // a manifest too short to hold a list after its head is parsed whole, and refused when it is not a manifest
      await writeFile(path.join(dir, exportLayout.manifest), '{"export_id":"e","run_id":"r"}');
      await expect(readManifestHead(dir)).rejects.toThrow();
      await writeFile(path.join(dir, exportLayout.manifest), '{"export_id":"e","run_id":"r","files":{}}');
      expect(await readManifestHead(dir)).toEqual({ export_id: 'e', run_id: 'r' });
    }
    await expect(readManifestHead(path.join(tmpdir(), 'no-such-export'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses bytes of another format or cut short', () => {
    const bytes = fileIndexBytes(fileIndexOf(manifest(PATHS).files));
    expect(fileIndexFromBytes(bytes.slice(0, bytes.length - 8))).toBeNull();
    const wrongMagic = bytes.slice();
    wrongMagic[0] ^= 1;
    expect(fileIndexFromBytes(wrongMagic)).toBeNull();
    expect(fileIndexFromBytes(new Uint8Array(0))).toBeNull();
  });

  it('reads the head only up to the list, and only whole values', () => {
    const text = JSON.stringify({ export_id: 'e', counts: { a: 12345 }, files: {} });
    expect(headBeforeFiles(Buffer.from(text))).toEqual({ export_id: 'e', counts: { a: 12345 } });
    // cut inside a value, or before the list: not a head to trust
    expect(headBeforeFiles(Buffer.from(text.slice(0, text.indexOf('12345') + 3)))).toBeNull();
    expect(headBeforeFiles(Buffer.from('{"export_id":12'))).toBeNull();
    expect(headBeforeFiles(Buffer.from('{"export_id":"e"}'))).toBeNull();
    expect(headBeforeFiles(Buffer.from('[]'))).toBeNull();
  });
});
