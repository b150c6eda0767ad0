// Detail documents whose id cannot be a file name are published under their slug; slugs and aliases become extra
// names of the same bytes; names that collide or are ambiguous are dropped, never guessed. The gateway's slug of an
// id is the SQL macro's, so both find the same file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { memoryEffects } from '../../build/site/effects.ts';
import { writeSite } from '../../build/site/write-site.ts';
import { toSlug } from '../../gateway/utils/pages.ts';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { modelsDir } from '../../pipeline/lib/models.ts';
import { smallSiteInput } from './helpers/small-site.ts';

describe('detail names', () => {
  it('keys unsafe ids by slug and links aliases', async () => {
    const input = smallSiteInput();
    const route = routesOfKind('detail').find((r) => r.slugs)!;
    const docs = [
      { id: 'A0123/24TEY', slug: 'a0123-24tey', doc: { id: 'A0123/24TEY' } },
      { id: '21 208078 STE 10 OZ', slug: '21-208078-ste-10-oz', aliases: ['21_208078_STE_10_OZ'], doc: { id: 'x' } },
      { id: 'no/slug', slug: null, doc: { id: 'y' } },
      { id: 'one', slug: null, aliases: ['shared'], doc: { id: 'one' } },
      { id: 'two', slug: null, aliases: ['shared'], doc: { id: 'two' } },
    ];
    const fx = memoryEffects();
    await writeSite({ ...input, details: { ...input.details, [route.resource]: docs } }, '/s', fx);
    const file = (name: string) => fx.files.get(`/s/api/v1/${route.resource}/${name}.json`);
    expect(file('a0123-24tey')).toBeTruthy();
    expect(file('21-208078-ste-10-oz')).toBeTruthy();
    expect(Buffer.from(file('21_208078_STE_10_OZ')!)).toEqual(Buffer.from(file('21-208078-ste-10-oz')!));
    expect(file('shared')).toBeUndefined(); // two records claim it: published under neither
    expect([...fx.files.keys()].some((k) => k.includes('no/slug') || k.includes('no-slug'))).toBe(false);
  });

  it('slugifies ids exactly like the SQL macro', async () => {
    const wh = await openWarehouse(':memory:');
    // the macros file also defines stable_ids, which reads the id state table
    await wh.exec('create table state_entity_ids (entity varchar, natural_key varchar, id integer)');
    await wh.exec(readFileSync(path.join(modelsDir, 'macros.sql'), 'utf8'));
    for (const id of ['21 208078 STE 10 OZ', 'A0123/24TEY', 'B0045/24EYK', 'Société Générale Inc.', '  --x--  ', "Toronto-St. Paul's"]) {
      const [{ s }] = await wh.all<{ s: string | null }>('select slugify($t) as s', { t: id });
      expect(toSlug(id), id).toBe(s ?? '');
    }
    wh.close();
  });
});
