// Detail documents whose id cannot be a file name are published under their slug; slugs and aliases become extra
// names of the same bytes; names that collide or are ambiguous are dropped, never guessed. The ids stored under
// another key are listed in the export's id index, so the gateway finds them by their exact id.
import { describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { memoryEffects } from '../../build/site/effects.ts';
import { writeSite } from '../../build/site/write-site.ts';
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
    // exactly the ids kept under another key, sorted; published ids that are their own key are not repeated
    const index = JSON.parse(new TextDecoder().decode(fx.files.get(`/s/_data/${route.resource}.ids.json`)));
    expect(index).toEqual({ '21 208078 STE 10 OZ': '21-208078-ste-10-oz', 'A0123/24TEY': 'a0123-24tey' });
    expect(Object.keys(index)).toEqual(['21 208078 STE 10 OZ', 'A0123/24TEY']);
  });
});
