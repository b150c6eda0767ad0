// Beneficiaries, firms and the rarer groups (grassroots, private and government funding, meetings) of a registration.
import { isoOf } from '../common/dates.ts';
import type { Rng } from '../common/rng.ts';
import type { Party, Registration } from './model.ts';
import type { OrgFactory } from './orgs.ts';
import type { Org } from './types.ts';
import { messyAddress } from './people.ts';

const BUSINESS_TYPES = ['Corporation', 'Corporation', 'Business/ Industry/ Trade Association', 'Sole Proprietor', 'Partnership', 'Professional/ Labour Association', 'Not-for-profit grant applicant', ''];

function party(rng: Rng, orgs: OrgFactory, org: Org, type: string, start: number, withDesc: boolean): Party {
  let name = orgs.nameFor(org);
  let tradeName = '';
  if (name === org.numbered) {
    // Numbered companies usually give the brand as trade name; sometimes nothing links them.
    tradeName = rng.chance(0.7) ? (org.tradeName ?? org.canonical) : '';
  } else if (org.tradeName && rng.chance(0.3)) tradeName = org.tradeName;
  if (tradeName && !org.used.has(tradeName)) org.used.set(tradeName, tradeName === org.canonical ? 'canonical' : 'trade-name');
  if (!org.used.has(name)) org.used.set(name, 'canonical');
  const fy = new Date(start * 864e5).getUTCFullYear();
  return { type, name, tradeName, fiscalStart: rng.chance(0.8) ? `${fy}-01-01` : '', fiscalEnd: rng.chance(0.8) ? `${fy}-12-31` : '',
    ...(withDesc ? { description: rng.pick(['Real estate development', 'Government relations consulting', 'Public affairs and communications', 'Legal services', 'Manufacturing', 'Community services', '']),
      businessType: org.kind === 'nonprofit' ? 'Not-for-profit grant applicant' : org.kind === 'association' ? 'Business/ Industry/ Trade Association' : rng.pick(BUSINESS_TYPES) } : {}),
    address: messyAddress(rng, org.address) };
}

export function parties(rng: Rng, orgs: OrgFactory, reg: Registration, firm: Org): void {
  const s = reg.initial;
  if (reg.type === 'Consultant') {
    reg.firms.push(party(rng, orgs, firm, 'Consultant', s, true));
    reg.beneficiaries.push(party(rng, orgs, reg.org, 'Client', s, false));
    if (rng.chance(0.1)) reg.beneficiaries.push(party(rng, orgs, reg.org, rng.pick(['Parent company', 'Subsidiary company', 'Controlling interest holder', 'Controlling Interest']), s, false));
  } else {
    reg.firms.push(party(rng, orgs, reg.org, reg.type === 'Voluntary' ? 'Other' : 'In-house', s, true));
    if (rng.chance(0.15)) reg.beneficiaries.push(party(rng, orgs, reg.org, rng.pick(['Parent company', 'Subsidiary company', 'Other', 'Coalition member', 'Coalition Member']), s, false));
  }
  // Rare groups, at about the registry's observed rates.
  if (rng.chance(0.045)) reg.grassroots.push([rng.pick(['public', 'residents of the area', 'members', 'local businesses']), isoOf(s), isoOf(s + rng.int(30, 300)), rng.pick(['councillors', 'Members of Council', 'City staff'])]);
  if (rng.chance(0.036)) reg.privatefundings.push([rng.pick(['Membership dues', 'Corporate sponsorship', 'Foundation grant']), `${rng.pick(['J.', 'M.', 'R.'])} ${rng.pick(['Khan', 'Roberts', 'Silva'])}`, '', '']);
  if (rng.chance(0.088)) reg.gmtfundings.push([rng.pick(['City of Toronto', 'Province of Ontario', 'Government of Canada']), rng.pick(['Community Investment Program', 'Ontario Trillium Foundation', 'Canada Summer Jobs', 'Toronto Arts Council'])]);
  if (rng.chance(0.007)) reg.meetings.push(rng.pick(['Government Relations Committee', 'Board of Directors', 'Executive Committee', 'Smart Cities']));
}
