// A night's build links the files it has unchanged from the live export (same inode, twins included) instead of
// writing and compressing them again; the result equals a build from nothing, a changed file gets new bytes, a
// damaged live export is written around, and verification still reads any linked file written to since.
import { mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';
import { publishSite } from '../../build/publish.ts';
import { fileEffects } from '../../build/site/effects.ts';
import { toExportId, type SiteInput } from '../../build/site/input.ts';
import { verifySite } from '../../build/site/verify.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { smallSiteInput } from './helpers/small-site.ts';

let root: string;
beforeEach(async () => { root = await mkdtemp(path.join(os.tmpdir(), 'reuse-')); });
afterEach(async () => { await rm(root, { recursive: true, force: true }); });

const detail = routesOfKind('detail')[0]!;
const big = (id: number, text: string) => ({ id, text: text.repeat(400) }); // over the 1 KB twin threshold

/** The small site with two large documents: id 8 the same every night, id 9 changing with `night`. */
function input(night: string): SiteInput {
  const base = smallSiteInput(120);
  return {
    ...base,
    exportDate: night,
    runId: `run-${night}`,
    details: { ...base.details, [detail.resource]: [...base.details[detail.resource]!, { id: '8', slug: null, doc: big(8, 'same ') },
      { id: '9', slug: null, doc: big(9, `night ${night} `) }] },
  };
}

async function publish(siteRoot: string, night: string, logs: string[] = []) {
  return publishSite({
    siteRoot,
    exportIdFor: (g) => toExportId(night, `run-${night}`, g),
    build: (dir, exportId, previous) => writeSite({ ...input(night), exportId }, dir, fileEffects((m) => logs.push(m)), undefined, [], previous),
  });
}

const file = (id: string, twin = '') => `${exportLayout.detail(detail.resource, id)}${twin}`;
const inode = async (dir: string, rel: string) => (await stat(path.join(dir, rel))).ino;

describe('a build links what is unchanged since the live export', () => {
  it('links unchanged files with their twins, writes changed ones, and equals a build from nothing', async () => {
    const first = await publish(root, '2026-11-19');
    const logs: string[] = [];
    const second = await publish(root, '2026-11-20', logs);
    for (const twin of ['', '.gz', '.br']) {
      expect(await inode(second.dir, file('8', twin))).toBe(await inode(first.dir, file('8', twin)));
      expect(await inode(second.dir, file('9', twin))).not.toBe(await inode(first.dir, file('9', twin)));
    }
    expect(await readFile(path.join(second.dir, file('9')), 'utf8')).toContain('night 2026-11-20');
    expect(logs.some((m) => /files written, \d+ of them linked unchanged from the live export/.test(m))).toBe(true);

    const fresh = await publish(await mkdtemp(path.join(os.tmpdir(), 'reuse-fresh-')), '2026-11-20');
    try {
      expect(second.manifest.files).toEqual(fresh.manifest.files);
    } finally {
      await rm(path.dirname(fresh.dir), { recursive: true, force: true });
    }
  });

  it('writes a file itself when the live export lost it', async () => {
    const first = await publish(root, '2026-11-19');
    await unlink(path.join(first.dir, file('8', '.br')));
    const second = await publish(root, '2026-11-20');
    expect(await inode(second.dir, file('8'))).not.toBe(await inode(first.dir, file('8')));
    expect((await stat(path.join(second.dir, file('8', '.br')))).size).toBe(second.manifest.files[file('8', '.br')]!.bytes);
  });

  it('verification reads a linked file again once it was written to', async () => {
    const first = await publish(root, '2026-11-19');
    const second = await publish(root, '2026-11-20');
    const previous = { dir: first.dir, manifest: JSON.parse(await readFile(path.join(first.dir, exportLayout.manifest), 'utf8')) as ExportManifest };
    await expect(verifySite(second.dir, undefined, previous)).resolves.toBeTruthy();
    // one inode, two exports: damage through the old name shows in the new one, with a fresh modification time
    await writeFile(path.join(first.dir, file('8')), JSON.stringify(big(8, 'SAME ')));
    await expect(verifySite(second.dir, undefined, previous)).rejects.toThrow(`hash mismatch ${file('8')}`);
  });
});

describe('verification of the file index', () => {
  it('accepts the index written, refuses one damaged or missing', async () => {
    const { dir } = await publish(root, '2026-11-19');
    await expect(verifySite(dir)).resolves.toBeTruthy();
    const indexPath = path.join(dir, exportLayout.fileIndex);
    const bytes = await readFile(indexPath);
    bytes[bytes.length - 1] ^= 1;
    await writeFile(indexPath, bytes);
    await expect(verifySite(dir)).rejects.toThrow(`hash mismatch ${exportLayout.fileIndex}`);
    await unlink(indexPath);
    await expect(verifySite(dir)).rejects.toThrow(`missing file ${exportLayout.fileIndex}`);
  });
});
