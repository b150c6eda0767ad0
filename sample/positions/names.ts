// How a TMMIS communication names the organisation that writes (the `organizationName` field), for the position
// truth: the registry name with everyday variation (case, legal form written out or dropped, punctuation, "The …",
// a typo), names that look unlike it (its trade name, its initials, the numbered company it registered under, or
// the consultant or law firm that writes "on behalf of" it), and the names of different organisations outside the
// registry that look like it (look-alike decoys in the registry's own styles, registry/decoys.ts: another legal
// form, a word added, the plural, a neighbouring body; sometimes a firm writes on such a look-alike's behalf).
// No written name spells another registry organisation's name: that letter would be that organisation's.
import { lookalike, similarity } from '../common/name-variants.ts';
import { decoyName } from '../registry/decoys.ts';
import { baseKey, orgKey } from '../registry/org-words.ts';
import type { Org } from '../registry/types.ts';
import type { Rng } from '../common/rng.ts';

const LEGAL = / (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP|LLP)$/;
const SWAP: [RegExp, string][] = [[/ Inc\.$/, ' Incorporated'], [/ Incorporated$/, ' Inc.'], [/ Ltd\.$/, ' Limited'], [/ Limited$/, ' Ltd.'], [/ Corp\.$/, ' Corporation'], [/ Corporation$/, ' Corp.']];
// fictional law and planning firms (the registry's own consultant firm writes where the registration names one)
const AGENTS = ['Hollis Grant LLP', 'Marlowe & Pike LLP', 'Kerr Whitfield LLP', 'Fenwick Lamb LLP', 'Ashdown Planning Inc.', 'Brightline Urban Design Inc.'];

export interface TypedName { name: string; kind: string }

/** Who owns which spelling in the registry: a name's matching key and folded base, to keep written names honest. */
export class RegistryNames {
  private keys = new Map<string, Org>();
  private bases = new Map<string, Org[]>();
  constructor(orgs: readonly Org[]) {
    for (const o of orgs) {
      for (const n of [o.canonical, o.tradeName, o.abbrev, o.numbered, ...o.used.keys()]) if (n) this.keys.set(orgKey(n), o);
      const b = baseKey(o.canonical);
      this.bases.set(b, [...(this.bases.get(b) ?? []), o]);
    }
  }
  /** The registry organisation a written name spells exactly (as org_key folds it), if any. */
  owner(name: string): Org | undefined { return this.keys.get(orgKey(name)); }
  /** Whether a name spells a registry organisation's name or shares its folded base (case, legal form, plural). */
  taken(name: string): boolean { return this.keys.has(orgKey(name)) || this.bases.has(baseKey(name)); }
  /** Whether an outside organisation could carry this name without being, or sharing a base with, a registry
   *  organisation other than `like` (the one it is planted to resemble). */
  freeFor(name: string, like: Org): boolean {
    return !this.keys.has(orgKey(name)) && (this.bases.get(baseKey(name)) ?? []).every((o) => o === like);
  }
}

/** The agent that writes for an organisation: its registered consultant firm when it has one, else a law or
 *  planning firm, sometimes no firm at all (a staff member signs "on behalf of"). */
function agent(rng: Rng, firm: Org | null): string {
  if (firm && rng.chance(0.7)) return `${firm.canonical}, on behalf of `;
  return rng.chance(0.75) ? `${rng.pick(AGENTS)}, on behalf of ` : 'On behalf of ';
}

/** How one letter writes the organisation's own name (`firm`: the consultant firm of its registration, if any). */
export function typedName(rng: Rng, o: Org, firm: Org | null, names: RegistryNames): TypedName {
  const t = draw(rng, o, firm);
  // a variation that spells another registry organisation's name is not written (the letter would be theirs)
  const owner = names.owner(t.kind === 'on-behalf' ? t.name.replace(/^.*on behalf of /i, '') : t.name);
  return owner && owner !== o ? { name: o.canonical, kind: 'canonical' } : t;
}

function draw(rng: Rng, o: Org, firm: Org | null): TypedName {
  const c = o.canonical, roll = rng.next();
  if (roll < 0.27) return { name: c, kind: 'canonical' };
  if (roll < 0.35) return { name: c.toUpperCase(), kind: 'case' };
  if (roll < 0.42) { const s = SWAP.find(([re]) => re.test(c)); if (s) return { name: c.replace(s[0], s[1]), kind: 'legal-suffix' }; return { name: c, kind: 'canonical' }; }
  if (roll < 0.49 && LEGAL.test(c)) return { name: c.replace(LEGAL, ''), kind: 'no-legal-suffix' };
  if (roll < 0.54) return { name: c.replace(/[.,]/g, ''), kind: 'punctuation' };
  if (roll < 0.58) return { name: `The ${c}`, kind: 'article' };
  if (roll < 0.62) {
    const words = c.split(' '), wi = words.findIndex((w) => w.length > 6);
    if (wi >= 0) { const w = words[wi], i = rng.int(2, w.length - 3); words[wi] = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); return { name: words.join(' '), kind: 'typo' }; }
  }
  // Names that look unlike the registry's: the pipeline has to read them, not compare them.
  if (roll < 0.77) return { name: agent(rng, firm) + (rng.chance(0.7) ? c : c.replace(LEGAL, '')), kind: 'on-behalf' };
  if (roll < 0.85 && o.tradeName) return { name: o.tradeName, kind: 'trade-name' };
  if (roll < 0.93 && o.abbrev && o.abbrev.length >= 3) return { name: o.abbrev, kind: 'abbreviation' };
  // the numbered company only when the registry itself carries it for the organisation (else nothing ties them)
  if (o.numbered && o.used.has(o.numbered)) return { name: o.numbered, kind: 'numbered-company' };
  return { name: agent(rng, firm) + c, kind: 'on-behalf' };
}

/** The name a different organisation outside the registry writes under, resembling `o`; null when every
 *  look-alike tried is a registry organisation's name. */
export function lookalikeName(rng: Rng, o: Org, names: RegistryNames): TypedName | null {
  for (let tries = 0; tries < 12; tries++) {
    const d = decoyName(rng, o), name = d?.name ?? lookalike(rng, o);
    // most look-alikes are close; a far one is a different organisation in all but a word, still worth planting
    if (!names.freeFor(name, o) || (tries < 6 && similarity(name, o.canonical) <= 0.9)) continue;
    if (rng.chance(0.15)) return { name: agent(rng, null) + name, kind: `on-behalf-${d?.style ?? 'lookalike'}` };
    return { name, kind: d?.style ?? 'lookalike' };
  }
  return null;
}

/** Similarity of a typed name to an organisation's registry name (normalised Jaro-Winkler, as the truth reports). */
export const nameSimilarity = (typed: string, o: Org) => similarity(typed, o.canonical);
