// The cluster worker's store (counts held by the primary over IPC) against the shared store contract, through a
// channel pair that copies every message asynchronously as IPC does; and a primary that does not answer fails the call.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createClusterPrimary, LEND_SHARE, MAX_LEND } from '../../../../gateway/rate-limit/stores/cluster-primary.ts';
import { createClusterStore, type Channel } from '../../../../gateway/rate-limit/stores/cluster.ts';
import { createMemoryStore } from '../../../../gateway/rate-limit/stores/memory.ts';
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
  createClusterPrimary(createMemoryStore({ windowMs, clock: () => t }), { clock: () => t }).serve(primary);
  return { store: createClusterStore({ windowMs, channel: worker, clock: () => t }), advance: (ms) => { t += ms; }, now: () => t };
});

describe('cluster store', () => {
  it('two workers count in one primary store', async () => {
    const counts = createClusterPrimary(createMemoryStore({ windowMs: 60_000 }));
    const stores = [0, 1].map(() => {
      const [worker, primary] = channelPair();
      counts.serve(primary);
      return createClusterStore({ windowMs: 60_000, channel: worker });
    });
    // all in flight at once: each worker's calls travel together; exactly the limit is admitted, loans or not (above
    // LEND_FLOOR the first call of each batch is lent hits the worker has not received when the limit is reached)
    for (const [key, limit, spread] of [['anon:203.0.113.7', 60, 2], ['key:bb66', 1_100, 2], ['key:cc77', 1_100, 1]] as const) {
      // spread 1: one batch is lent hits and reaches the limit before its answer (with the loan) has been sent
      const hits = await Promise.all(Array.from({ length: limit + 1 }, (_, i) => stores[i % spread]!.increment(key, limit)));
      expect(hits.filter((w) => w.hits <= limit), key).toHaveLength(limit);
      const later = await Promise.all([stores[0]!.increment(key, limit), stores[1]!.increment(key, limit)]);
      expect(later.every((w) => w.hits > limit)).toBe(true);
    }
  });

  it('lends a worker hits far from the limit, counted in the primary, and takes back what is unused before refusing', async () => {
    const counts = createClusterPrimary(createMemoryStore({ windowMs: 60_000 }));
    const sent: number[] = [0, 0];
    const stores = [0, 1].map((i) => {
      const [worker, primary] = channelPair();
      counts.serve(primary);
      const counted: Channel = { ...worker, send: (m) => { sent[i]!++; return worker.send(m); } };
      return createClusterStore({ windowMs: 60_000, channel: counted });
    });
    const key = 'key:aa55';
    const limit = 1_200;
    // what a loan holds when the client has `hits` counted: 1/LEND_SHARE of what is left, MAX_LEND at most
    const lent = (hits: number) => Math.min(MAX_LEND, Math.floor((limit - hits) / LEND_SHARE));
    // worker 0 asks once and is lent floor((1200 - 1) / 64) = 18 hits, counted by itself and at once
    expect(lent(1)).toBe(18);
    expect((await stores[0]!.increment(key, limit)).hits).toBe(1);
    for (let i = 2; i <= 1 + lent(1); i++) expect(stores[0]!.incrementNow!(key, limit)?.hits).toBe(i);
    expect(stores[0]!.incrementNow!(key, limit)).toBeNull();
    expect(sent[0]).toBe(1);
    // having said it used the loan up, it is lent again with its next call
    const next = 2 + lent(1);
    expect((await stores[0]!.increment(key, limit)).hits).toBe(next);
    expect(stores[0]!.incrementNow!(key, limit)?.hits).toBe(next + 1);
    for (let i = next + 2; i <= next + lent(next); i++) stores[0]!.incrementNow!(key, limit);
    expect(stores[0]!.incrementNow!(key, limit)).toBeNull();
    expect(sent[0]).toBe(2);
    // worker 0 takes one more loan and leaves it unused; worker 1 then serves the client up to its limit
    await stores[0]!.increment(key, limit);
    let admitted = next + lent(next) + 1;
    for (;;) {
      const w = await stores[1]!.increment(key, limit);
      if (w.hits > limit) break;
      admitted++;
    }
    // exact: every one up to the limit was admitted (the unused loan was taken back), the next refused
    expect(admitted).toBe(limit);
    expect((await stores[0]!.increment(key, limit)).hits).toBeGreaterThan(limit);
    // and a client with fewer than LEND_FLOOR hits left is never lent anything: each hit is asked for
    const before = sent[1]!;
    for (let i = 1; i <= 5; i++) expect((await stores[1]!.increment('anon:203.0.113.9', 60)).hits).toBe(i);
    expect(sent[1]! - before).toBe(5);
    // a get from the lending worker reports the primary's count less what it holds unused
    expect((await stores[1]!.get(key))?.hits).toBe((await stores[0]!.get(key))?.hits);
    // a client with a very high limit is lent MAX_LEND hits at once: one message per MAX_LEND hits
    const sentBefore = sent[0]!;
    expect((await stores[0]!.increment('key:ops', 1e9)).hits).toBe(1);
    for (let i = 2; i <= 1 + MAX_LEND; i++) expect(stores[0]!.incrementNow!('key:ops', 1e9)?.hits).toBe(i);
    expect(stores[0]!.incrementNow!('key:ops', 1e9)).toBeNull();
    expect(sent[0]! - sentBefore).toBe(1);
  });

  it('fails a call the primary does not answer in time', async () => {
    const [worker] = channelPair(); // nobody serves the other end
    const store = createClusterStore({ windowMs: 60_000, channel: worker, timeoutMs: 50 });
    await expect(store.increment('k', 60)).rejects.toThrow(/did not answer within 50 ms/);
    await store.shutdown();
  });
});
