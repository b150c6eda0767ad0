// Organisations with their name variants (case, punctuation, legal suffixes, typos, trade names, abbreviations,
// numbered companies) and look-alike decoys that are different organisations. Names are unique on their folded base
// (org-words.ts baseKey) and no name's words contain another's, so two organisations look alike only where a decoy
// is planted; abbreviations, trade names and numbered companies are each one organisation's.
import type { Rng } from '../common/rng.ts';
import { ASSOC, ASSOC_BODY, ASSOC_PRE, BRANDS, baseKey, CO_WORDS, DEV_WORDS, FIRM_NAMES, FIRM_WORDS, FOUNDERS, initialsOf, LAW,
  LOCAL_BODY, NP, orgKey, PLACES, STREETS, SUFFIXES, TRADE_WORDS } from './org-words.ts';
import { decoyName } from './decoys.ts';
import { jaroWinkler } from '../common/name-variants.ts';
import type { Org, OrgKind } from './types.ts';

const LEGAL = / (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP|LLP)$/;
const SWAP: [RegExp, string][] = [[/Inc\.$/, 'Incorporated'], [/Incorporated$/, 'Inc.'], [/Ltd\.$/, 'Limited'], [/Limited$/, 'Ltd.'],
  [/Corp\.$/, 'Corporation'], [/Corporation$/, 'Corp.']];

function typo(rng: Rng, s: string): string {
  const words = s.split(' ');
  const wi = words.findIndex((w) => w.length > 5);
  if (wi < 0) return s + 's';
  const w = words[wi], i = rng.int(1, w.length - 3);
  words[wi] = rng.chance(0.5) ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, i) + w.slice(i + 1);
  return words.join(' ');
}

/** A fresh name of a kind: its distinctive stem (for trade names) and the full name. */
function draw(r: Rng, kind: OrgKind): { stem: string; name: string } {
  const stem = (pools: string[][]) => r.pick(r.weighted(pools, pools.map((p) => p.length)));
  if (kind === 'developer') {
    // single-purpose companies are often named for the intersection they build on ("King Spadina Developments")
    const s = r.chance(0.25) ? `${r.pick(STREETS)} ${r.pick(STREETS)}` : stem([PLACES, FOUNDERS, BRANDS]);
    return { stem: s, name: `${s} ${r.pick(DEV_WORDS)} ${r.pick(SUFFIXES)}` };
  }
  if (kind === 'company') { const s = stem([PLACES, BRANDS, FOUNDERS]); return { stem: s, name: `${s} ${r.pick(CO_WORDS)} ${r.pick(SUFFIXES)}` }; }
  if (kind === 'association') {
    if (r.chance(0.4)) { const s = r.pick(PLACES); return { stem: s, name: `${s} ${r.pick(LOCAL_BODY)}` }; }
    const s = r.pick(ASSOC_PRE);
    return { stem: s, name: `${s} ${r.pick(ASSOC)} ${r.pick(ASSOC_BODY)}` };
  }
  if (kind === 'nonprofit') { const s = r.pick(PLACES); return { stem: s, name: `${s} ${r.pick(NP)}` }; }
  if (r.chance(0.3)) { const s = r.pick(LAW); return { stem: s, name: `${s} ${r.pick(LAW.filter((x) => x !== s))} LLP` }; }
  const s = r.pick(FIRM_NAMES);
  return { stem: s, name: `${s} ${r.pick(FIRM_WORDS)} ${r.pick(['Inc.', 'Inc.', 'Ltd.', ''])}`.trim() };
}

export class OrgFactory {
  readonly orgs: Org[] = [];
  /** folded base name -> organisation, and word -> organisations (for the "words contain another's" test) */
  private bases = new Map<string, Org>();
  private byWord = new Map<string, Org[]>();
  private words = new Map<Org, string[]>();
  /** every spelling's org_key -> its organisation: a variant must not spell another organisation's name */
  private spellings = new Map<string, Org>();
  private abbrevs = new Set<string>();
  private numbers = new Set<number>();
  private typos = new Map<Org, string[]>();
  constructor(private rng: Rng) {}

  /** Whether a name is free: no organisation (apart from `except`) has its base, or a base whose words contain or are
   * contained in its words. */
  private free(name: string, except: Org | null = null): boolean {
    const key = baseKey(name);
    if (!key || (this.bases.has(key) && this.bases.get(key) !== except)) return false;
    const ws = [...new Set(key.split(' '))];
    for (const w of ws) for (const o of this.byWord.get(w) ?? []) {
      if (o === except) continue;
      const ow = this.words.get(o)!;
      if (ow.every((x) => ws.includes(x)) || ws.every((x) => ow.includes(x))) return false;
    }
    return !this.spellings.has(orgKey(name)) || this.spellings.get(orgKey(name)) === except;
  }

  private claim(org: Org, name: string, asBase: boolean): void {
    this.spellings.set(orgKey(name), org);
    if (!asBase) return;
    const key = baseKey(name), ws = [...new Set(key.split(' '))];
    if (!this.bases.has(key)) this.bases.set(key, org);
    this.words.set(org, ws);
    for (const w of ws) this.byWord.set(w, [...(this.byWord.get(w) ?? []), org]);
  }

  create(kind: OrgKind): Org { return this.make(kind, null)!; }

  /** A different organisation whose name looks like `of`'s (decoys.ts); null when every look-alike is taken. */
  createDecoy(of: Org): Org | null { return this.make(of.kind, of); }

  private make(kind: OrgKind, decoyOf: Org | null): Org | null {
    const r = this.rng;
    let name = '', stem = '', style: string | undefined;
    for (let tries = 0; tries < 400 && !name; tries++) {
      if (decoyOf) {
        // most look-alikes are close (similarity > 0.9 on the folded names); after 20 tries any free one will do
        const d = decoyName(r, decoyOf);
        const close = d && jaroWinkler(orgKey(d.name), orgKey(decoyOf.canonical)) > 0.9;
        if (d && (close || tries >= 20) && !this.spellings.has(orgKey(d.name)) && this.free(d.name, decoyOf)) ({ name, style } = d);
        stem = decoyOf.canonical.split(' ')[0];
        if (tries > 40) break; // an organisation whose look-alikes are all taken gets none
      } else {
        const d = draw(r, kind);
        if (this.free(d.name)) ({ name, stem } = d);
      }
    }
    if (!name) { if (decoyOf) return null; throw new Error(`no free ${kind} name left`); }
    const words = name.replace(LEGAL, '').split(' ');
    const org: Org = {
      id: `O${this.orgs.length + 1}`, kind, canonical: name, decoyOf: decoyOf?.id ?? null, decoyStyle: style,
      tradeName: null, abbrev: null, numbered: null,
      address: { line1: `${r.int(1, 400) * 5} ${r.pick(['Bay St', 'King St W', 'Yonge St', 'Adelaide St W', 'University Ave', 'Eglinton Ave E', 'Sheppard Ave E'])}`,
        line2: r.chance(0.6) ? `Suite ${r.int(2, 45)}${String(r.int(0, 99)).padStart(2, '0')}` : '', city: r.pick(['Toronto', 'Toronto', 'Toronto', 'North York', 'Vaughan', 'Mississauga']),
        postal: `M${r.int(1, 9)}${r.pick([...'ABCEHJKLMNPRSTVWX'])} ${r.int(1, 9)}${r.pick([...'ABCEHJKLMNPRSTVWX'])}${r.int(0, 9)}`, phone: `(416) ${r.int(200, 999)}-${r.int(1000, 9999)}` },
      used: new Map(),
    };
    this.claim(org, name, !decoyOf || !this.bases.has(baseKey(name)));
    if ((kind === 'developer' || kind === 'company') && !decoyOf && r.chance(0.4)) {
      // a brand: the stem and a project word, never another organisation's name or brand
      for (const w of r.sample(TRADE_WORDS, 4)) if (this.free(`${stem} ${w}`)) { org.tradeName = `${stem} ${w}`; this.claim(org, org.tradeName, true); break; }
    }
    // an abbreviation only when no other organisation already writes the same letters
    const initials = initialsOf(name).toUpperCase();
    if ((kind === 'association' || (words.length >= 3 && (kind === 'firm' || r.chance(0.5)))) && initials.length >= 3 && !this.abbrevs.has(initials) && !this.spellings.has(orgKey(initials))) {
      org.abbrev = initials; this.abbrevs.add(initials); this.claim(org, initials, false);
    }
    if (kind === 'developer' && r.chance(0.45)) {
      let n: number;
      do n = r.int(1_000_000, 2_999_999); while (this.numbers.has(n));
      this.numbers.add(n);
      org.numbered = `${n} Ontario ${r.pick(['Inc.', 'Inc.', 'Limited'])}`;
      this.claim(org, org.numbered, false);
    }
    this.orgs.push(org);
    return org;
  }

  /** A name for one appearance of the organisation; records it with its variation kind. */
  nameFor(org: Org, allowNumbered = true): string {
    const r = this.rng, c = org.canonical;
    const roll = r.next();
    let name = c, kind = 'canonical';
    if (roll < 0.5) { /* canonical */ }
    else if (roll < 0.58) { name = c.toUpperCase(); kind = 'case'; }
    else if (roll < 0.66) { name = c.replace(/[.,]/g, ''); kind = 'punctuation'; }
    else if (roll < 0.74) { const s = SWAP.find(([re]) => re.test(c)); if (s) { name = c.replace(s[0], s[1]); kind = 'legal-suffix'; } }
    else if (roll < 0.79) { name = c.replace(/ (Inc\.|Ltd\.|Corp\.)$/, ', $1'); kind = name === c ? 'canonical' : 'punctuation'; }
    else if (roll < 0.84) {
      // registrants copy their earlier filing, so a misspelling recurs more often than a new one appears
      name = this.typos.get(org)?.length && r.chance(0.7) ? r.pick(this.typos.get(org)!) : typo(r, c); kind = 'typo';
    }
    else if (roll < 0.9 && org.tradeName) { name = org.tradeName; kind = 'trade-name'; }
    else if (roll < 0.96 && org.abbrev) { name = org.abbrev; kind = 'abbreviation'; }
    else if (allowNumbered && org.numbered) { name = org.numbered; kind = 'numbered-company'; }
    // a typo that happens to spell another organisation's name is not written (the registry would show that name)
    const owner = this.spellings.get(orgKey(name));
    if (owner && owner !== org) { name = c; kind = 'canonical'; }
    if (kind === 'typo' && !owner) { this.spellings.set(orgKey(name), org); this.typos.set(org, [...new Set([...(this.typos.get(org) ?? []), name])]); }
    if (!org.used.has(name)) org.used.set(name, kind);
    return name;
  }
}

export const UNALIKE_KINDS = new Set(['typo', 'trade-name', 'abbreviation', 'numbered-company']);
