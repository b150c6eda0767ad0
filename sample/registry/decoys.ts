// Look-alike names for planted decoys (L3, L6): a different organisation whose name a reader could take for the
// original's, in the ways such names really occur — the limited partnership beside its corporation ("Danforth Land
// LP" / "Danforth Land Inc."), an affiliate with a word added ("Danforth Land Group Inc."), the singular or plural of
// the generic word ("Ironwood Property Ltd." / "Ironwood Properties Inc."), another business of the same stem
// ("Bayview Holdings" / "Bayview Homes"), a charity's fundraising foundation, or a neighbouring body
// ("Annex Ratepayers Association" / "Annex Residents Association").
import type { Rng } from '../common/rng.ts';
import { ASSOC_BODY, CO_WORDS, DEV_WORDS } from './org-words.ts';
import type { Org } from './types.ts';

const LEGAL = / (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP|LLP)$/;
/** Legal forms by family: spellings within one family are the same form (org_key folds them). */
const FORMS = [['Inc.', 'Incorporated'], ['Ltd.', 'Limited'], ['Corp.', 'Corporation'], ['LP']];
/** A neighbouring body's name: the same place, a near-synonymous generic ending (both kinds exist side by side). */
const NEAR: [string, string][] = [['Community Services', 'Community Support Services'], ['Neighbourhood Centre', 'Neighbourhood House'],
  ['Arts Council', 'Arts Centre'], ['Housing Co-operative', 'Housing Corporation'], ['Tenants Network', 'Tenants Association'],
  ['Food Bank', 'Food Centre'], ['Environmental Alliance', 'Environmental Association'], ['Community Health Centre', 'Community Health Services'],
  ['Family Services', 'Family Service Centre'], ['Legal Clinic', 'Legal Services'], ['Youth Centre', 'Youth Services'],
  ['Seniors Centre', 'Seniors Services'], ['Land Trust', 'Community Land Trust'], ['Historical Society', 'Heritage Society'],
  ['Residents Association', 'Ratepayers Association'], ['Ratepayers Association', 'Residents Association'],
  ['Community Association', 'Community Council'], ['Neighbourhood Association', 'Neighbourhood Council'],
  ['Business Improvement Area', 'Business Association'], ['Tenants Association', 'Tenants Network'], ['Heritage Society', 'Historical Society']];
const PLURALISABLE = new Set(['Land', 'Development', 'Home', 'Estate', 'Investment', 'Venture', 'Holding', 'System', 'Food', 'Hotel', 'Residence', 'Community']);
const ADDED = ['Group', 'Canada', 'Toronto', 'Holdings', 'Management', 'Partners', 'II', 'GP', 'Services', 'International'];

function otherForm(r: Rng, form: string | undefined): string {
  const family = FORMS.find((f) => form && f.includes(form));
  return r.pick(r.pick(FORMS.filter((f) => f !== family)));
}

/** Replace the generic word(s) at the end of `base` that come from `pool` by another of the pool. */
function swapGeneric(r: Rng, base: string, pool: readonly string[]): string | null {
  const current = pool.filter((w) => base.endsWith(` ${w}`)).sort((a, b) => b.length - a.length)[0];
  if (!current) return null;
  return `${base.slice(0, -current.length)}${r.pick(pool.filter((w) => w !== current))}`;
}

export function decoyName(r: Rng, of: Org): { name: string; style: string } | null {
  const form = of.canonical.match(LEGAL)?.[1];
  const base = of.canonical.replace(LEGAL, '');
  if (of.kind === 'nonprofit') {
    const near = NEAR.find(([a]) => base.endsWith(` ${a}`));
    if (near && r.chance(0.6)) return { name: `${base.slice(0, -near[0].length)}${near[1]}`, style: 'word-swap' };
    return { name: base.endsWith(' Foundation') ? `${base.slice(0, -' Foundation'.length)} Community Foundation` : `${base} Foundation`, style: 'words-added' };
  }
  if (of.kind === 'association') {
    const near = NEAR.find(([a]) => base.endsWith(` ${a}`));
    if (near) return { name: `${base.slice(0, -near[0].length)}${near[1]}`, style: 'word-swap' };
    const n = swapGeneric(r, base, ASSOC_BODY);
    return n ? { name: n, style: 'word-swap' } : null;
  }
  // another business of the same stem is a look-alike among developers (Elmwood Communities / Elmwood Residences)
  const style = r.weighted(['legal-form', 'words-added', 'plural', 'word-swap'], [3, 3, 2, of.kind === 'developer' ? 2 : 0]);
  if (style === 'legal-form' && form) return { name: `${base} ${otherForm(r, form)}`, style };
  if (style === 'plural') {
    // only where both numbers are names companies carry (Property / Properties, Home / Homes, Land / Lands)
    const last = base.split(' ').pop()!;
    const toggled = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.endsWith('s') ? last.slice(0, -1)
      : last === 'Property' || last === 'Technology' ? `${last.slice(0, -1)}ies` : PLURALISABLE.has(last) ? `${last}s` : null;
    if (toggled) return { name: `${base.slice(0, -last.length)}${toggled} ${r.chance(0.5) && form ? form : otherForm(r, form)}`, style };
  }
  if (style === 'word-swap') {
    const n = swapGeneric(r, base, of.kind === 'developer' ? DEV_WORDS : CO_WORDS);
    if (n) return { name: `${n} ${form ?? r.pick(['Inc.', 'Ltd.'])}`, style };
  }
  const added = r.pick(ADDED.filter((w) => !base.includes(w)));
  return { name: `${base} ${added} ${r.chance(0.5) && form ? form : otherForm(r, form)}`, style: 'words-added' };
}
