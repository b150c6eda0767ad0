// Shared text of the planning files: City date formats, application descriptions, planners and AIC links.
import type { Rng } from '../common/rng.ts';
import { isoOf } from '../common/dates.ts';

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `Mon D, YYYY`, zero-padded or not: the City's files do both (`Dec 4, 2024` vs `Apr 05, 2025`). */
export function monDay(rng: Rng, day: number, padShare = 0.3): string {
  const [y, m, d] = isoOf(day).split('-');
  return `${MON[+m - 1]} ${rng.chance(padShare) ? d : String(+d)}, ${y}`;
}
export const tsText = (day: number) => `${isoOf(day)}T00:00:00`;
export const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Proposal text in City Planning's style; mentions units and gross floor area so a reader can size the project. */
export function describe(rng: Rng, type: string, size: { storeys: number; units: number; gfa: number; lots: number }): string {
  const { storeys, units, gfa, lots } = size;
  switch (type) {
    case 'OZ': return rng.pick([
      `Proposal for a ${storeys}-storey mixed-use building with ${units} residential units and ${thousands(gfa)} m2 of retail space at grade.`,
      `Zoning By-law Amendment to permit a ${storeys}-storey residential building containing ${units} dwelling units and a total gross floor area of ${thousands(gfa * 12)} square metres.`,
      `Official Plan and Zoning By-law Amendment application to permit two towers of ${storeys} and ${Math.max(6, storeys - 8)} storeys with ${units} residential units, ${thousands(gfa)} m2 of non-residential GFA and ${Math.round(units * 0.4)} parking spaces.`,
      `Proposed ${storeys} storey mixed use building: ${units} units, ${thousands(gfa)} m2 commercial. Existing rental units to be replaced.`]);
    case 'SA': return rng.pick([
      `Site Plan Control application for a ${storeys}-storey residential building with ${units} units.`,
      `Site plan approval for a ${storeys} storey mixed-use development containing ${units} residential units and ${thousands(gfa)} m2 of retail`,
      `Site plan application for an addition of ${thousands(gfa)} m2 to the existing industrial building.`]);
    case 'CD': return `Draft Plan of ${rng.pick(['Standard', 'Common Elements', 'Vacant Land'])} Condominium for ${units} residential units${rng.chance(0.5) ? ` and ${Math.round(units * 0.5)} parking spaces` : ''}.`;
    case 'SB': return `Draft Plan of Subdivision to create ${lots} residential lots${rng.chance(0.5) ? ' and a new public road' : ''}.`;
    case 'PL': return `Part lot control exemption to create ${lots} lots for ${rng.pick(['semi-detached', 'townhouse', 'detached'])} dwellings.`;
    default: return `Rental housing demolition and conversion application: ${units} rental units to be replaced within a ${storeys}-storey building.`;
  }
}

const PLANNER_FIRST = ['Alex', 'Priya', 'Kevin', 'Marta', 'Daniel', 'Sue', 'Oren', 'Leah', 'Victor', 'Nimisha', 'Carla', 'Jason', 'Emma', 'Tomas'];
const PLANNER_LAST = ['Teo', 'Sandhu', 'Friedman', 'Oliveira', 'Park', 'McGuire', 'Lenz', 'Adeyemi', 'Rios', 'Brennan', 'Kumar', 'Lau', 'Greco', 'Hart'];
export function planner(rng: Rng): [string, string, string] {
  const f = rng.pick(PLANNER_FIRST), l = rng.pick(PLANNER_LAST);
  return [`${f} ${l}`, `416-${rng.pick(['392', '394', '395', '396', '338'])}-${rng.int(1000, 9999)}`, `${f}.${l}@toronto.ca`];
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Legacy AIC link with an encrypted folder id (base64, URL-encoded), as in the City's file. */
export function aicUrl(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 22; i++) s += B64[rng.int(0, 63)];
  return `http://app.toronto.ca/AIC/index.do?folderRsn=${encodeURIComponent(s + '==')}`;
}
