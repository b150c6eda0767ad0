// communication_id: the contract's formula, NULL as empty, stability, and -2/-3 suffixes for identical records.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toCommunicationId, toCommunicationIds, type CommunicationKey } from '../../../pipeline/sources/registry/communication-id.ts';

const key = (over: Partial<CommunicationKey> = {}): CommunicationKey => ({
  sm_number: 'SM11241', communication_date: '2023-03-01', poh_type: 'Member of Council',
  poh_office: 'Ward 41 Scarborough-Rouge River', poh_position: 'Councillor', poh_name: 'Jane Doe',
  communication_method: 'Meeting;Telephone', communication_group_id: '9634', lobbyist_number: null, ...over,
});

describe('communication_id', () => {
  it('is C + 16 hex of SHA-1 over the fields in contract order, NULL as empty', () => {
    const material = 'SM11241|2023-03-01|Member of Council|Ward 41 Scarborough-Rouge River|Councillor|Jane Doe|Meeting;Telephone|9634|';
    const expected = `C${createHash('sha1').update(material).digest('hex').slice(0, 16)}`;
    expect(toCommunicationId(key())).toBe(expected);
  });

  it('is stable and changes when any identifying field changes', () => {
    expect(toCommunicationId(key())).toBe(toCommunicationId(key()));
    const base = toCommunicationId(key());
    for (const field of Object.keys(key()) as (keyof CommunicationKey)[]) {
      expect(toCommunicationId(key({ [field]: 'changed' }))).not.toBe(base);
    }
  });

  it('suffixes the 2nd, 3rd… identical record within a registration, leaving distinct ones alone', () => {
    const a = key();
    const b = key({ communication_date: '2023-03-02' });
    const ids = toCommunicationIds([a, b, a, a, b]);
    const [ia, ib] = [toCommunicationId(a), toCommunicationId(b)];
    expect(ids).toEqual([ia, ib, `${ia}-2`, `${ia}-3`, `${ib}-2`]);
  });

  it('starts counting afresh in each registration', () => {
    expect(toCommunicationIds([key()])).toEqual([toCommunicationId(key())]);
    expect(toCommunicationIds([key(), key()])[0]).toBe(toCommunicationId(key()));
  });
});
