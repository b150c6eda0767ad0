// Name similarity and name variants, shared across the generator: supplier, contributor and letter-writer spellings
// of known organisations and people, scored with Jaro-Winkler on normalised text so the truth can say which pairs
// "look unalike" (< 0.85).
import type { Rng } from './rng.ts';

/** The names of an organisation a variant is written from (registry/orgs.ts Org has them; kept structural so this
 *  shared module does not depend on the registry's). */
interface NamedOrg { canonical: string; tradeName: string | null; numbered: string | null; abbrev: string | null }

export const normName = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length, lb = b.length;
  if (!la || !lb) return 0;
  const win = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const ma = new Uint8Array(la), mb = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) for (let j = Math.max(0, i - win); j < Math.min(lb, i + win + 1); j++) if (!mb[j] && a[i] === b[j]) { ma[i] = mb[j] = 1; m++; break; }
  if (!m) return 0;
  let t = 0;
  for (let i = 0, j = 0; i < la; i++) if (ma[i]) { while (!mb[j]) j++; if (a[i] !== b[j]) t++; j++; }
  const jaro = (m / la + m / lb + (m - t / 2) / m) / 3;
  let p = 0;
  while (p < 4 && a[p] === b[p]) p++;
  return jaro + p * 0.1 * (1 - jaro);
}
/** Similarity of two names after normalisation (case, accents, punctuation). */
export const similarity = (a: string, b: string) => +jaroWinkler(normName(a), normName(b)).toFixed(3);

const SWAP: [RegExp, string][] = [[/ Inc\.$/, ' Incorporated'], [/ Incorporated$/, ' Inc.'], [/ Ltd\.$/, ' Limited'], [/ Limited$/, ' Ltd.'], [/ Corp\.$/, ' Corporation'], [/ Corporation$/, ' Corp.']];
const LEGAL = / (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP|LLP)$/;

function typo(rng: Rng, s: string): string {
  const i = rng.int(2, Math.max(2, s.length - 4));
  return rng.chance(0.5) ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s.slice(0, i) + s.slice(i + 1);
}

/** One written form of an organisation's name in a procurement or contribution file, with its kind of variation. */
export function orgVariant(rng: Rng, o: NamedOrg, preferUnalike: boolean): { name: string; kind: string } {
  const c = o.canonical;
  if (preferUnalike) {
    // Forms that share little text with the registered name: brand, numbered company, initials.
    const opts: { name: string; kind: string }[] = [];
    if (o.tradeName) opts.push({ name: o.tradeName, kind: 'trade-name' });
    if (o.numbered) opts.push({ name: o.numbered, kind: 'numbered-company' });
    const initials = c.replace(LEGAL, '').split(' ').filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join('');
    opts.push({ name: `${o.abbrev && o.abbrev.length >= 2 ? o.abbrev : initials} ${c.match(LEGAL)?.[1] ?? 'Inc.'}`, kind: 'abbreviation' });
    return rng.pick(opts);
  }
  const roll = rng.next();
  if (roll < 0.3) return { name: c, kind: 'canonical' };
  if (roll < 0.45) return { name: c.toUpperCase(), kind: 'case' };
  if (roll < 0.6) return { name: c.replace(/[.,]/g, ''), kind: 'punctuation' };
  if (roll < 0.75) { const s = SWAP.find(([re]) => re.test(c)); if (s) return { name: c.replace(s[0], s[1]), kind: 'legal-suffix' }; }
  if (roll < 0.9) return { name: typo(rng, c), kind: 'typo' };
  if (roll < 0.95) return { name: c.replace(LEGAL, ''), kind: 'no-legal-suffix' };
  return { name: `${c.replace(LEGAL, '')} (Ontario) ${rng.pick(['Inc.', 'Ltd.'])}`, kind: 'provincial-entity' };
}

/** A different organisation with a look-alike name (similarity > 0.9 to the original). */
export function lookalike(rng: Rng, o: NamedOrg): string {
  const base = o.canonical.replace(LEGAL, '');
  for (let i = 0; i < 12; i++) {
    const words = base.split(' ');
    const last = words[words.length - 1];
    words[words.length - 1] = last.endsWith('s') ? last.slice(0, -1) : `${last}s`;
    const name = `${rng.chance(0.5) ? words.join(' ') : `${base} ${rng.pick(['Canada', 'Toronto', 'II', 'East'])}`} ${rng.pick(['Corp.', 'Inc.', 'Ltd.', 'Limited', 'Corporation'])}`;
    if (name !== o.canonical && similarity(name, o.canonical) > 0.9) return name;
  }
  return `${base} ${rng.pick(['Canada', 'Toronto'])} Corp.`;
}

/** "Last, First" as contribution files write it, with the person-name variations the truth must survive. */
export const NICK: Record<string, string> = { Robert: 'Bob', William: 'Bill', Michael: 'Mike', James: 'Jim', Richard: 'Dick', Thomas: 'Tom', Daniel: 'Dan',
  Jennifer: 'Jenny', Deborah: 'Debbie', Suzanne: 'Sue', Stephen: 'Steve', Anthony: 'Tony', Joseph: 'Joe', Margaret: 'Peggy', Elizabeth: 'Betty',
  Katherine: 'Kathy', Christopher: 'Kit', Gordon: 'Gord', Alexandra: 'Sasha', Kevin: 'Kev', Brian: 'Bri', Emily: 'Em', Sarah: 'Sally' };
export function personVariant(rng: Rng, first: string, last: string, middle: string, preferUnalike: boolean): { name: string; kind: string } {
  if (preferUnalike) {
    if (NICK[first]) return { name: `${last}, ${NICK[first]}`, kind: 'nickname' };
    return { name: `${last}, ${first[0]}.${middle ? ' ' + middle.replace('.', '') + '.' : ''}`, kind: 'initials' };
  }
  const roll = rng.next();
  if (roll < 0.5) return { name: `${last}, ${first}`, kind: 'canonical' };
  if (roll < 0.7 && middle) return { name: `${last}, ${first} ${middle}`, kind: 'middle-initial' };
  if (roll < 0.85) return { name: `${last.toUpperCase()}, ${first.toUpperCase()}`, kind: 'case' };
  return { name: `${last},${first}`, kind: 'punctuation' };
}
