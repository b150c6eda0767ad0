// Renders one registration as a <ROW> of lobbyactivity XML, with the City's element names (misspellings included).
import { isoOf } from '../common/dates.ts';
import { xmlEscape } from '../common/text.ts';
import type { Addr, Comm, Party, Registration } from './model.ts';

const el = (tag: string, v: string | null | undefined) => (v ? `<${tag}>${xmlEscape(v)}</${tag}>` : `<${tag}/>`);
const d = (day: number | null) => (day === null ? '' : isoOf(day));

function address(tag: string, a: Addr, phone = true): string {
  return `<${tag}>${el('AddressLine1', a.line1)}${a.line2 ? el('AddressLine2', a.line2) : ''}${el('City', a.city)}${el('Province', a.province)}`
    + `${el('Country', a.country)}${el('PostalCode', a.postal)}${phone ? el('Phone', a.phone) : ''}</${tag}>`;
}

function party(tag: string, p: Party, firm: boolean): string {
  return `<${tag}>${el('Type', p.type)}${el('Name', p.name)}${el('TradeName', p.tradeName)}${el('FiscalStart', p.fiscalStart)}${el('FiscalEnd', p.fiscalEnd)}`
    + `${firm ? el('Description', p.description) + el('BusinessType', p.businessType) : ''}${address('BusinessAddress', p.address, firm)}</${tag}>`;
}

const PREV = ['PreviousPublicOfficeHolder', 'PreviousPublicOfficeHoldPosition', 'PreviousPublicOfficePositionProgramName', 'PreviousPublicOfficeHoldLastDate'];

function communication(c: Comm, reg: Registration): string {
  const l = c.lobbyist;
  const prev = l ? l.prev : ['', '', '', ''];
  return `<Communication>${el('POH_Office', c.office)}${el('POH_Type', c.pohType)}${el('POH_Position', c.position)}${el('POH_Name', c.pohName)}`
    + `${el('CommunicationMethod', c.method)}${el('CommunicationDate', c.dateText)}${el('CommunicationGroupId', c.groupId)}`
    + `${el('LobbyistNumber', l?.number)}${el('LobbyistType', l?.type)}${el('LobbyistPrefix', l?.prefix)}${el('LobbyistFirstName', l?.first)}`
    + `${el('LobbyistMiddleInitials', l?.middle)}${el('LobbyistLastName', l?.last)}${el('LobbyistSuffix', '')}${el('LobbyistBusiness', l?.business)}`
    + `${el('LobbyistPositionTitle', l?.position)}${PREV.map((t, i) => el(t, prev[i])).join('')}`
    + `${l ? address('LobbyistBusinessAddress', reg.registrant.address) : '<LobbyistBusinessAddress/>'}</Communication>`;
}

/** Body of the SM record as of a state: status shown, how many communications are recorded, which EffectiveDate. */
export function renderBody(reg: Registration, status: string, nComms: number, effective: number): string {
  const r = reg.registrant;
  const regStatus = status === 'Active' ? 'Active' : r.status;
  let s = `${reg.writeSm ? el('SMNumber', reg.sm) : ''}${el('Status', status)}${el('Type', reg.type)}${el('SubjectMatter', reg.subjectMatter)}`
    + `${reg.definition !== null ? el('SubjectMatterDefinition', reg.definition) : ''}${el('Particulars', reg.particulars)}`
    + `${el('InitialApprovalDate', d(reg.initial))}${el('EffectiveDate', d(effective))}${el('ProposedStartDate', d(reg.start))}${el('ProposedEndDate', d(reg.end))}`
    + `<Registrant>${el('RegistrationNUmber', reg.lobbyist.regNo)}${el('RegistrationNUmberWithSoNum', r.soNum)}${el('Status', regStatus)}`
    + `${el('EffectiveDate', regStatus === 'Superseded' ? '' : d(effective))}${el('Type', reg.type === 'Consultant' ? 'Consultant' : 'In-house')}`
    + `${el('Prefix', r.prefix)}${el('FirstName', r.first)}${el('MiddleInitials', r.middle)}${el('LastName', r.last)}${el('Suffix', '')}`
    + `${el('PositionTitle', reg.lobbyist.position)}${PREV.map((t, i) => el(t, r.prev[i])).join('')}${address('BusinessAddress', r.address)}</Registrant>`;
  if (reg.beneficiaries.length) s += `<Beneficiaries>${reg.beneficiaries.map((b) => party('BENEFICIARY', b, false)).join('')}</Beneficiaries>`;
  s += `<Firms>${reg.firms.map((f) => party('Firm', f, true)).join('')}</Firms>`;
  if (nComms > 0) s += `<Communications>${reg.comms.slice(0, nComms).map((c) => communication(c, reg)).join('')}</Communications>`;
  if (reg.grassroots.length) s += `<Grassroots>${reg.grassroots.map((g) => `<GRASSROOT>${el('Community', g[0])}${el('StartDate', g[1])}${el('EndDate', g[2])}${el('Target', g[3])}</GRASSROOT>`).join('')}</Grassroots>`;
  if (reg.privatefundings.length) s += `<Privatefundings>${reg.privatefundings.map((p) => `<Privatefunding>${el('Funding', p[0])}${el('Contact', p[1])}${el('Agent', p[2])}${el('AgentContact', p[3])}</Privatefunding>`).join('')}</Privatefundings>`;
  if (reg.gmtfundings.length) {
    // Both spellings of the government-funding container occur in the City's files.
    const [outer, inner] = reg.gmtUpper ? ['GMTFUNDINGS', 'GMTFUNDING'] : ['Gmtfundings', 'Gmtfunding'];
    s += `<${outer}>${reg.gmtfundings.map((g) => `<${inner}>${el('GMTName', g[0])}${el('Program', g[1])}</${inner}>`).join('')}</${outer}>`;
  }
  if (reg.meetings.length) {
    const c = reg.comms.find((x) => x.day !== null);
    s += `<Meetings>${reg.meetings.map((m) => `<Meeting>${el('Committee', m)}<Desc/>${el('Date', c ? c.dateText : d(reg.initial))}`
      + `<POHS><POH>${el('Name', c?.pohName)}${el('Office', c?.office)}${el('Title', c?.position)}${el('Type', c?.pohType)}</POH></POHS>`
      + `<Lobbyists><Lobbyist>${el('Number', r.soNum)}${el('Prefix', r.prefix)}${el('FirstName', r.first)}${el('MiddleInitials', r.middle)}${el('LastName', r.last)}<Suffix/><Business/>${el('Type', 'Committee Member')}</Lobbyist></Lobbyists></Meeting>`).join('')}</Meetings>`;
  }
  return s;
}

/** Current layout wraps the record in SMXML/SM; the old layout puts the fields directly under ROW. */
export function renderRow(reg: Registration, status: string, nComms: number, effective: number): string {
  const body = renderBody(reg, status, nComms, effective);
  return reg.oldLayout ? `<ROW>${body}</ROW>\n` : `<ROW><SMXML><SM>${body}</SM></SMXML></ROW>\n`;
}
