// Lobbyists (registrants) with registration numbers and name spellings; messy business addresses. Every lobbyist's
// (first, last) is their own and no random lobbyist carries a council member's surname: namesakes exist only where
// the sample plants them (former members who lobby and their look-alike decoys, registrations.ts / former.ts).
import { LOBBYIST_FIRST_F, LOBBYIST_FIRST_M, LOBBYIST_LAST, MIDDLE, NICKNAMES, POSITIONS, PREFIXES_F, PREFIXES_M, PREFIXES_OTHER } from '../data/names.ts';
import { normName } from '../common/name-variants.ts';
import type { Rng } from '../common/rng.ts';
import type { Org } from './types.ts';

/** A previous public office as the registrant declares it (PreviousPublicOfficeHold* fields). */
export interface DeclaredOffice { position: string; program: string; lastDay: string }
export interface Lobbyist {
  id: string; regNo: string; soNums: string[]; type: 'Consultant' | 'In-house' | 'Voluntary'; gender: 'F' | 'M';
  first: string; middle: string; last: string; position: string; org: Org;
  /** A former member of council (L5 truth), with how the registered name relates to the member's. */
  formerMember: { memberId: number; lastDay: string; style: string } | null;
  /** A planted namesake decoy: an ordinary lobbyist whose name looks like this member's. */
  namesakeOf: number | null;
  previousOffice: DeclaredOffice | null;
  /** Spellings written into the files: "First|Middle|Last". */
  used: Set<string>;
}
/** A planted person: name and what they declare (former members and their namesakes). */
export interface PlantedLobbyist {
  first: string; middle?: string; last: string; gender: 'F' | 'M';
  formerMember?: Lobbyist['formerMember']; namesakeOf?: number; previousOffice?: DeclaredOffice;
}

const key = (first: string, last: string) => `${normName(first)}|${normName(last)}`;

export class LobbyistFactory {
  readonly all: Lobbyist[] = [];
  private regNos = new Set<number>();
  private names = new Set<string>();
  /** @param reserved council members' surnames (folded): random lobbyists never carry them. */
  constructor(private rng: Rng, private reserved: Set<string>) {}

  /** Whether a surname is no council member's (a planted married name must not create a namesake). */
  ordinarySurname(last: string): boolean { return !this.reserved.has(normName(last)); }

  /** Whether a planted name is still free (no lobbyist carries it). */
  isFree(first: string, last: string): boolean { return !this.names.has(key(first, last)); }

  create(type: Lobbyist['type'], org: Org, planted?: PlantedLobbyist): Lobbyist {
    const r = this.rng;
    let n: number;
    do n = r.int(10_000, 59_999); while (this.regNos.has(n));
    this.regNos.add(n);
    const letter = type === 'Consultant' ? 'C' : type === 'In-house' ? 'S' : 'V';
    const regNo = `${n}${letter}`;
    let gender: 'F' | 'M', first: string, last: string;
    if (planted) {
      ({ gender, first, last } = planted);
      if (!this.isFree(first, last)) throw new Error(`planted lobbyist name taken: ${first} ${last}`);
    } else {
      // a fresh (first, last): the pools hold ~29,000 pairs, so a retry is rare even at City size
      do {
        gender = r.chance(0.45) ? 'F' : 'M';
        first = r.pick(gender === 'F' ? LOBBYIST_FIRST_F : LOBBYIST_FIRST_M);
        last = r.pick(LOBBYIST_LAST);
      } while (this.names.has(key(first, last)) || this.reserved.has(normName(last)));
    }
    this.names.add(key(first, last));
    const l: Lobbyist = {
      id: `P-L${this.all.length + 1}`, regNo, soNums: type === 'In-house' ? [`${regNo}-1`, ...(r.chance(0.15) ? [`${regNo}-2`] : [])] : [regNo],
      type, gender, first, middle: planted?.middle ?? r.pick(MIDDLE), last,
      position: r.pick(POSITIONS), org, formerMember: planted?.formerMember ?? null, namesakeOf: planted?.namesakeOf ?? null,
      previousOffice: planted?.previousOffice ?? null, used: new Set(),
    };
    this.all.push(l);
    return l;
  }

  /** Name as typed in one registration: capitals, nicknames in brackets, dropped middle initials. */
  spell(l: Lobbyist): { prefix: string; first: string; middle: string; last: string } {
    const r = this.rng;
    let first = l.first, last = l.last, middle = l.middle;
    const nick = NICKNAMES[first];
    if (nick && r.chance(0.3)) first = `${first} (${nick})`;
    if (r.chance(0.1)) { first = first.toUpperCase(); last = last.toUpperCase(); }
    if (r.chance(0.3) && l.formerMember?.style !== 'middle-name') middle = ''; // the name one goes by is always written
    const prefix = r.chance(0.05) ? r.pick(PREFIXES_OTHER) : r.pick(l.gender === 'F' ? PREFIXES_F : PREFIXES_M);
    l.used.add(`${first}|${middle}|${last}`);
    return { prefix, first, middle, last };
  }
}

const PROVINCES = ['ON', 'ON', 'ON', 'ON', 'Ontario', 'Ont.', 'ONTARIO', 'ONTAIRO', 'on'];
const COUNTRIES = ['Canada', 'Canada', 'Canada', 'Canada', 'CAN', 'cdn', 'CANADA', 'Canadá', 'canadÃ¡'];
/** One appearance of an organisation's address, typed with the registry's usual noise. */
export function messyAddress(rng: Rng, a: Org['address']) {
  const postal = rng.chance(0.15) ? a.postal.toLowerCase() : rng.chance(0.1) ? a.postal.replace(' ', '') : a.postal;
  return {
    line1: a.line1, line2: a.line2, city: rng.chance(0.08) ? `${a.city},` : rng.chance(0.05) ? a.city.toUpperCase() : a.city,
    province: rng.pick(PROVINCES), country: rng.pick(COUNTRIES), postal, phone: a.phone,
  };
}
