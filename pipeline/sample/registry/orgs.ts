// Organisations with their name variants (case, punctuation, legal suffixes, typos, trade names, abbreviations,
// numbered companies) and look-alike decoys that are different organisations.
import type { Rng } from '../rng.ts';

export type OrgKind = 'developer' | 'company' | 'association' | 'nonprofit' | 'firm';
export interface Org {
  id: string; kind: OrgKind; canonical: string; tradeName: string | null; abbrev: string | null; numbered: string | null;
  decoyOf: string | null; address: { line1: string; line2: string; city: string; postal: string; phone: string };
  /** Every name actually written into the files, with the kind of variation. */
  used: Map<string, string>;
}

const PLACES = ['Maple Leaf', 'Lakeshore', 'Bayview', 'Harbourfront', 'Greenwood', 'Northcrest', 'Kingsway', 'Riverside', 'Parkview',
  'Summit', 'Granite', 'Cityview', 'Don Valley', 'Humber Bay', 'Queensway', 'Danforth', 'Rosedale', 'Etobicoke', 'Agincourt', 'Liberty',
  'Bridgepoint', 'Oakridge', 'Sterling', 'Meridian', 'Crescent', 'Ironwood', 'Bluewater', 'Front Street', 'Union', 'Skyline'];
const DEV_WORDS = ['Developments', 'Properties', 'Holdings', 'Homes', 'Realty', 'Capital', 'Group', 'Communities', 'Residences', 'Land'];
const CO_WORDS = ['Technologies', 'Systems', 'Logistics', 'Waste Services', 'Engineering', 'Energy', 'Transit Solutions', 'Hospitality', 'Foods', 'Media', 'Outdoor Advertising', 'Parking'];
const SUFFIXES = ['Inc.', 'Inc.', 'Ltd.', 'Limited', 'Corp.', 'Corporation', 'Incorporated', 'LP'];
const ASSOC = ['Home Builders', 'Restaurant', 'Taxi', 'Hotel', 'Retail', 'Construction', 'Cycling', 'Landlords', 'Industry', 'Film'];
const ASSOC_PRE = ['Toronto', 'Ontario', 'Greater Toronto', 'Canadian'];
const NP = ['Community Services', 'Neighbourhood Centre', 'Arts Council', 'Housing Co-operative', 'Tenants Network', 'Food Bank', 'Environmental Alliance'];
const FIRM_WORDS = ['Public Affairs', 'Strategies', 'Consulting', 'Government Relations', 'Advisory', 'Planning Partners'];
const FIRM_NAMES = ['Bluestone', 'Crestview', 'Sussex', 'Temple', 'Navigator', 'Enterprise', 'Wellington', 'Hillcrest', 'Northstar', 'Pinnacle'];
const LAW = ['Goodman', 'Davies', 'Bennett', 'Aird', 'Weir', 'Foulds', 'Overland', 'Stikeman', 'Osler', 'Blake'];
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

export class OrgFactory {
  readonly orgs: Org[] = [];
  private names = new Set<string>();
  constructor(private rng: Rng) {}

  create(kind: OrgKind, decoyOf: Org | null = null): Org {
    const r = this.rng;
    let name = '';
    for (let tries = 0; tries < 50 && (!name || this.names.has(name)); tries++) {
      if (decoyOf) {
        // Look-alike: same distinctive words, different generic word or suffix (a different organisation).
        const base = decoyOf.canonical.replace(/ (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP)$/, '');
        const alt = base.endsWith('s') ? base.slice(0, -1) : `${base} Group`;
        name = `${tries ? `${alt} ${r.pick(['Canada', 'Toronto', 'II'])}` : alt} ${r.pick(SUFFIXES.filter((s) => !decoyOf.canonical.endsWith(s)))}`;
      } else if (kind === 'developer') name = `${r.pick(PLACES)} ${r.pick(DEV_WORDS)} ${r.pick(SUFFIXES)}`;
      else if (kind === 'company') name = `${r.pick(PLACES)} ${r.pick(CO_WORDS)} ${r.pick(SUFFIXES)}`;
      else if (kind === 'association') name = `${r.pick(ASSOC_PRE)} ${r.pick(ASSOC)} Association`;
      else if (kind === 'nonprofit') name = `${r.pick(PLACES)} ${r.pick(NP)}`;
      else name = r.chance(0.3) ? `${r.pick(LAW)} ${r.pick(LAW)} LLP` : `${r.pick(FIRM_NAMES)} ${r.pick(FIRM_WORDS)} ${r.pick(['Inc.', 'Inc.', 'Ltd.', ''])}`.trim();
    }
    this.names.add(name);
    const words = name.replace(/ (Inc\.|Ltd\.|Limited|Corp\.|Corporation|Incorporated|LP|LLP)$/, '').split(' ');
    const org: Org = {
      id: `O${this.orgs.length + 1}`, kind, canonical: name, decoyOf: decoyOf?.id ?? null,
      tradeName: (kind === 'developer' || kind === 'company') && r.chance(0.25) ? `${words[0]} ${r.pick(['Towers', 'Living', 'Condos', 'Place', 'Yards', 'Commons'])}` : null,
      abbrev: kind === 'association' || (words.length >= 3 && r.chance(0.3)) ? words.filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join('') : null,
      numbered: kind === 'developer' && r.chance(0.45) ? `${r.int(1_000_000, 2_999_999)} Ontario ${r.pick(['Inc.', 'Inc.', 'Limited'])}` : null,
      address: { line1: `${r.int(1, 400) * 5} ${r.pick(['Bay St', 'King St W', 'Yonge St', 'Adelaide St W', 'University Ave', 'Eglinton Ave E', 'Sheppard Ave E'])}`,
        line2: r.chance(0.6) ? `Suite ${r.int(2, 45)}${String(r.int(0, 99)).padStart(2, '0')}` : '', city: r.pick(['Toronto', 'Toronto', 'Toronto', 'North York', 'Vaughan', 'Mississauga']),
        postal: `M${r.int(1, 9)}${r.pick([...'ABCEHJKLMNPRSTVWX'])} ${r.int(1, 9)}${r.pick([...'ABCEHJKLMNPRSTVWX'])}${r.int(0, 9)}`, phone: `(416) ${r.int(200, 999)}-${r.int(1000, 9999)}` },
      used: new Map(),
    };
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
    else if (roll < 0.85) { name = typo(r, c); kind = 'typo'; }
    else if (roll < 0.9 && org.tradeName) { name = org.tradeName; kind = 'trade-name'; }
    else if (roll < 0.95 && org.abbrev && org.abbrev.length >= 3) { name = org.abbrev; kind = 'abbreviation'; }
    else if (allowNumbered && org.numbered) { name = org.numbered; kind = 'numbered-company'; }
    if (!org.used.has(name)) org.used.set(name, kind);
    return name;
  }
}

export const UNALIKE_KINDS = new Set(['typo', 'trade-name', 'abbreviation', 'numbered-company']);
