// Stable communication ids (docs/contracts.md §2): C + 16 hex of SHA-1 over the identifying fields, -2/-3 for repeats.
import { hash } from 'node:crypto';

/** The fields that identify a communication, in hashing order (values as written to src_registry__communications). */
export const COMMUNICATION_KEY_FIELDS = [
  'sm_number',
  'communication_date',
  'poh_type',
  'poh_office',
  'poh_position',
  'poh_name',
  'communication_method',
  'communication_group_id',
  'lobbyist_number',
] as const;

export type CommunicationKey = Record<(typeof COMMUNICATION_KEY_FIELDS)[number], string | null>;

/** The base id of one communication (NULL hashed as the empty string). */
export function toCommunicationId(key: CommunicationKey): string {
  const material = COMMUNICATION_KEY_FIELDS.map((f) => key[f] ?? '').join('|');
  // One-shot hash(): the id-only pass hashes every communication of every archived snapshot.
  return `C${hash('sha1', material, 'hex').slice(0, 16)}`;
}

/**
 * Ids of the communications of one registration, in document order: the 2nd, 3rd… record identical to an earlier
 * one gets `-2`, `-3`…, so identical rows stay distinct and keep their ids as long as their order holds.
 */
export function toCommunicationIds(keys: readonly CommunicationKey[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const base = toCommunicationId(key);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}
