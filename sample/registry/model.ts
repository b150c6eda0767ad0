// Registry model: a registration, its parties, its communications and the dates that drive the snapshots.
import type { Item } from '../common/types.ts';
import type { Lobbyist } from './people.ts';
import type { Org } from './types.ts';
import type { messyAddress } from './people.ts';

export type Addr = ReturnType<typeof messyAddress>;
export interface Party { type: string; name: string; tradeName: string; fiscalStart: string; fiscalEnd: string; description?: string; businessType?: string; address: Addr }
export interface LobbyistRef { number: string; type: string; prefix: string; first: string; middle: string; last: string; business: string; position: string; prev: string[] }
export interface Comm {
  seq: number; day: number | null; dateText: string; recorded: number;
  office: string; pohType: string; position: string; pohName: string; method: string; groupId: string;
  lobbyist: LobbyistRef | null;
  truth: { memberId: number | null; officeOf: number | null; kind: string; unalike: boolean } | null;
  /** A contact an insight plant placed on purpose (sample/plants/): other plants leave it where it is. */
  planted?: 'activity';
}
export interface Registration {
  key: number; sm: string; writeSm: boolean; oldLayout: boolean; type: 'Consultant' | 'In-house' | 'Voluntary';
  closedStatus: 'Closed' | 'Closed by LRO'; initial: number; effective: number; start: number | null; end: number | null;
  closeDay: number | null; subjectMatter: string; definition: string | null; particulars: string; particularsUnalike: boolean;
  item: Item | null; org: Org; lobbyist: Lobbyist;
  registrant: { prefix: string; first: string; middle: string; last: string; status: string; soNum: string; address: Addr; prev: string[] };
  beneficiaries: Party[]; firms: Party[]; gmtUpper: boolean;
  grassroots: string[][]; privatefundings: string[][]; gmtfundings: string[][]; meetings: string[] ;
  comms: Comm[];
}
