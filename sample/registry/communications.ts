// Communications of one registration: dates around the lobbied decision, recording lag, office holders on the day.
import { isoOf } from '../common/dates.ts';
import type { Council } from '../council/members.ts';
import { holdersOn } from '../council/terms.ts';
import type { Rng } from '../common/rng.ts';
import type { Comm, Registration } from './model.ts';
import type { LobbyistFactory } from './people.ts';
import { METHODS, pickPoh } from './poh.ts';

export interface CommCtx { rng: Rng; council: Council; asOfDay: number; registryStart: number; groupSeq: { n: number }; lobbyists: LobbyistFactory }

/** Recording lag: most within 0-3 days, about one in six weeks later. */
function lag(rng: Rng): number { return rng.chance(0.82) ? rng.int(0, 3) : rng.int(4, 60); }

export function buildComms(c: CommCtx, reg: Registration, count: number, lo: number, hi: number, ward: number | null, division: string): Comm[] {
  const { rng } = c;
  const out: Comm[] = [];
  let group = '';
  for (let i = 0; i < count; i++) {
    const day = lo + Math.floor(Math.pow(rng.next(), 0.7) * (hi - lo + 1));
    const old = day < c.registryStart + 4 * 365;
    const blank = rng.chance(old ? 0.2 : 0.004);
    if (!group || rng.chance(0.7)) group = String(++c.groupSeq.n + 1000);
    const holders = holdersOn(c.council.tenures, day);
    const poh = pickPoh(rng, c.council, holders, day, ward, division);
    const base: Comm = { seq: i, day: blank ? null : day, dateText: blank ? '' : isoOf(day), recorded: blank ? reg.initial + rng.int(0, 30) : day + lag(rng),
      office: poh.office, pohType: poh.type, position: poh.position, pohName: poh.name, method: rng.pick(METHODS), groupId: group, lobbyist: null,
      truth: { memberId: poh.memberId, officeOf: poh.officeOf, kind: poh.kind, unalike: poh.unalike } };
    out.push(base);
    // In-house registrations list the senior officer who took part, as a separate lobbyist-only record.
    if (reg.type !== 'Consultant' && rng.chance(0.1)) {
      const s = c.lobbyists.spell(reg.lobbyist);
      out.push({ ...base, seq: i + 0.5, office: '', pohType: '', position: '', pohName: '', method: '', groupId: '', truth: null,
        lobbyist: { number: reg.registrant.soNum, type: rng.pick(['In-House Lobbyist', 'Sr. Officer', '']), prefix: s.prefix, first: s.first, middle: s.middle,
          last: s.last, business: '', position: reg.lobbyist.position, prev: reg.registrant.prev } });
    }
  }
  // Registry order: by the day the record was entered, so later snapshots only append.
  out.sort((a, b) => a.recorded - b.recorded || (a.day ?? 0) - (b.day ?? 0) || a.seq - b.seq);
  return out;
}
