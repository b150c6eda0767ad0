// The cluster worker's store (counts held by the primary over IPC) against the shared store contract, through a
// channel pair that copies every message asynchronously as IPC does; and a primary that does not answer fails the call.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createClusterStore, serveClusterStore, type Channel } from '../../../gateway/stores/cluster.ts';
import { createMemoryStore } from '../../../gateway/stores/memory.ts';
import { describeStoreContract } from './contract.ts';

/** Two ends of an IPC-like channel: a message sent on one arrives, copied, on the other's next turn. */
function channelPair(): [Channel, Channel] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): Channel => ({
    send: (message) => { const copy = structuredClone(message); setImmediate(() => other.emit('message', copy)); return true; },
    on: (event, listener) => self.on(event, listener),
    off: (event, listener) => self.off(event, listener),
  });
  return [end(a, b), end(b, a)];
}

describeStoreContract('cluster (primary-held)', (windowMs) => {
  let t = 1_700_000_000_000;
  const [worker, primary] = channelPair();
  serveClusterStore(primary, createMemoryStore({ windowMs, clock: () => t }));
  return { store: createClusterStore({ windowMs, channel: worker }), advance: (ms) => { t += ms; }, now: () => t };
});

describe('cluster store', () => {
  it('two workers count in one primary store', async () => {
    const primaryStore = createMemoryStore({ windowMs: 60_000 });
    const stores = [0, 1].map(() => {
      const [worker, primary] = channelPair();
      serveClusterStore(primary, primaryStore);
      return createClusterStore({ windowMs: 60_000, channel: worker });
    });
    const hits = await Promise.all(Array.from({ length: 61 }, (_, i) => stores[i % 2]!.increment('anon:203.0.113.7', 60)));
    expect(hits.map((w) => w.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
  });

  it('fails a call the primary does not answer in time', async () => {
    const [worker] = channelPair(); // nobody serves the other end
    const store = createClusterStore({ windowMs: 60_000, channel: worker, timeoutMs: 50 });
    await expect(store.increment('k', 60)).rejects.toThrow(/did not answer within 50 ms/);
    await store.shutdown();
  });
});
