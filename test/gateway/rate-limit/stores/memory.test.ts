// The memory store against the shared store contract, plus its bulk-expiry behaviour.
import { expect, it } from 'vitest';
import { createMemoryStore } from '../../../../gateway/rate-limit/stores/memory.ts';
import { describeStoreContract } from './contract.ts';

describeStoreContract('memory', (windowMs) => {
  let t = 1_700_000_000_000;
  const store = createMemoryStore({ windowMs, clock: () => t });
  return { store, advance: (ms) => { t += ms; }, now: () => t };
});

it('drops idle clients in bulk after two windows', async () => {
  let t = 0;
  const store = createMemoryStore({ windowMs: 1000, clock: () => t });
  for (let i = 0; i < 100; i++) await store.increment(`k${i}`, 100);
  t = 5000;
  await store.increment('fresh', 100);
  for (let i = 0; i < 100; i++) expect(await store.get(`k${i}`)).toBeUndefined();
});
