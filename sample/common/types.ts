// Shared model types of the sample city: options, summary, council, agenda and registry entities.

import type { TopicCtx } from '../data/topics.ts';
export interface SampleOptions { outDir: string; seed: number; scale: number; asOf: string; snapshotEvery: number }
export interface Summary {
  outDir: string; seed: number; scale: number; asOf: string; snapshots: number;
  counts: Record<string, number>; files: number; bytes: number; ms: number;
}
export type Log = (msg: string) => void;
/** The planted truth a later source stream adds to planted-truth.json: link lists, top-level keys, shares, counts. */
export interface PlantedTruthPart { links: Record<string, unknown[]>; top: Record<string, unknown>; shares: Record<string, number>; counts: Record<string, number> }

export interface Term {
  key: string; termId: number; start: number; end: number; inaugural: number; wards: 25 | 44;
}
export interface NameSpell { first: string; last: string; from: number }
export interface Member {
  id: string; memberId: number; gender: 'F' | 'M'; names: NameSpell[]; accented: boolean; lean: number;
}
export interface Tenure { memberId: number; term: string; role: 'Mayor' | 'Councillor'; ward: number | null; start: number; end: number }

export interface Appointment { memberId: number; start: number; end: number | null; role?: 'CHAIR' | 'VICECHR' }
export interface Body {
  decisionBodyId: number; term: string; code: string; name: string; label: string; family: string; members: Appointment[];
}
export interface Meeting {
  meetingId: number; term: string; body: Body; number: number; days: number[]; start: string; end: string; location: string;
}

export interface Address {
  addressId: number; streetNumber: string; streetName: string; streetType: string; streetDirection: string;
  ward25: number; lat: number; lon: number; postalCode: string; short: string; long: string;
}
export interface Item {
  reference: string | null; refKey: string; agendaItemId: number; term: Term; meeting: Meeting; agendaCd: string;
  itemNumber: number; termYear: number; topicIndex: number; title: string; summary: string; subjectTerms: string;
  wardIds: number[]; address: Address | null; planningApp: string | null; neighbourhoodIds: number[]; status: string;
  /** The ward model `wardIds` are numbered in: the item's term's, or for a look-alike copy in another term its
   *  original's (the copy keeps the original's wards as drawn; the TMMIS writer numbers them in the copy's model). */
  wardModel: 25 | 44;
  /** The wards its TMMIS records carry instead, where plants/stale-wards.ts planted a stale or a legitimate old number. */
  tmmisWardIds?: number[];
  /** Council consideration of a committee item: same reference, own agendaItemId and meeting. */
  council: { agendaItemId: number; meeting: Meeting; status: string } | null;
  duplicateIds: number[]; voted: boolean; ctx: TopicCtx; lobbied: number;
}

export interface Motion {
  item: Item; meeting: Meeting; day: number; time: number | null; motionType: string; description: string;
  threshold: string; memberIds: number[]; votes: Uint8Array; result: string; carried: boolean;
}
