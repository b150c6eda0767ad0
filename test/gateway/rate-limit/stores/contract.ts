// Shared contract every rate-limit store must pass (memory, cluster, Redis): call it from one test file per store.
import { describe, expect, it } from 'vitest';
import type { RateLimitStore } from '../../../../gateway/rate-limit/stores/types.ts';

/** A store factory under test and the fake clock it was built with. */
export type StoreFactory = (windowMs: number) => StoreUnderTest | Promise<StoreUnderTest>;

export interface StoreUnderTest { store: RateLimitStore; advance(ms: number): void; now(): number }

/** Register the contract tests for one store. */
export function describeStoreContract(name: string, make: StoreFactory): void {
  describe(`rate-limit store contract: ${name}`, () => {
    it('counts hits per key within a window', async () => {
      const { store, now } = await make(60_000);
      const t0 = now();
      expect(await store.increment('a', 100)).toEqual({ hits: 1, resetAt: t0 + 60_000 });
      expect((await store.increment('a', 100)).hits).toBe(2);
      expect((await store.increment('b', 100)).hits).toBe(1);
      expect(await store.get('a')).toEqual({ hits: 2, resetAt: t0 + 60_000 });
    });

    it('get does not count and is undefined for unknown keys', async () => {
      const { store } = await make(60_000);
      expect(await store.get('x')).toBeUndefined();
      await store.increment('x', 100);
      await store.get('x');
      expect((await store.get('x'))?.hits).toBe(1);
    });

    it('starts a new window once the old one has ended', async () => {
      const { store, advance, now } = await make(60_000);
      await store.increment('a', 100);
      await store.increment('a', 100);
      advance(59_999);
      expect((await store.increment('a', 100)).hits).toBe(3);
      advance(1);
      const w = await store.increment('a', 100);
      expect(w).toEqual({ hits: 1, resetAt: now() + 60_000 });
    });

    it('keeps each client on its own window across bulk rotations', async () => {
      const { store, advance } = await make(60_000);
      await store.increment('early', 100);
      advance(30_000);
      await store.increment('late', 100);
      advance(40_000); // 'early' window over, 'late' window still open
      expect(await store.get('early')).toBeUndefined();
      expect((await store.get('late'))?.hits).toBe(1);
      expect((await store.increment('late', 100)).hits).toBe(2);
      advance(200_000);
      expect(await store.get('late')).toBeUndefined();
      expect((await store.increment('late', 100)).hits).toBe(1);
    });

    it('resetKey forgets one client', async () => {
      const { store } = await make(60_000);
      await store.increment('a', 100);
      await store.increment('b', 100);
      await store.resetKey('a');
      expect(await store.get('a')).toBeUndefined();
      expect((await store.get('b'))?.hits).toBe(1);
      await store.shutdown();
    });

    it('restarts the window of a client refused past its limit, so it waits a whole window from then', async () => {
      const { store, advance, now } = await make(60_000);
      await store.increment('a', 2);
      await store.increment('a', 2);
      advance(45_000);
      const refused = await store.increment('a', 2);
      expect(refused).toEqual({ hits: 3, resetAt: now() + 60_000 });
      advance(30_000); // past the first window's end, but within the refusal's
      expect((await store.increment('a', 2)).hits).toBe(4);
      advance(60_000); // quiet for a whole window after the last refusal: a fresh window
      expect(await store.increment('a', 2)).toEqual({ hits: 1, resetAt: now() + 60_000 });
    });

    it('reports the window length', async () => {
      expect((await make(1234)).store.windowMs).toBe(1234);
    });
  });
}
