// The compact manifest file list answers exactly as the parsed JSON would: every path with its digest and size,
// nothing else, whatever the layout (the writer's JSON.stringify, indented, escaped or non-ASCII paths, a path
// listed twice), and refuses what is not a manifest.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../gateway/utils/manifest-files.ts';

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
