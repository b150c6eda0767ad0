// The limiter over a store: policies, invalid keys reading the address's budget, peeks and header syntax.
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../gateway/rate-limit/stores/memory.ts';
import { createRateLimiter, toRateLimitHeaders } from '../../../gateway/rate-limit/limiter.ts';

function limiter() {
  let t = 1_000_000;
  const clock = () => t;
  const store = createMemoryStore({ windowMs: 60_000, clock });
  const l = createRateLimiter({ store, clock, apiKeys: new Set(['good']), anonLimit: 3, keyLimit: 5 });
  return { l, advance: (ms: number) => { t += ms; } };
}

describe('createRateLimiter', () => {
  it('limits anonymous callers per address', async () => {
    const { l } = limiter();
    for (let i = 0; i < 3; i++) expect((await l.consume('1.1.1.1', null)).limited).toBe(false);
    const over = await l.consume('1.1.1.1', null);
    expect(over).toMatchObject({ limited: true, remaining: 0, policy: 'anonymous', limit: 3 });
    expect((await l.consume('2.2.2.2', null)).limited).toBe(false);
  });

  it('gives valid keys their own larger budget', async () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) expect((await l.consume('1.1.1.1', 'good')).limited).toBe(false);
    expect((await l.consume('9.9.9.9', 'good')).limited).toBe(true);
    expect((await l.consume('1.1.1.1', null)).remaining).toBe(2);
  });

  it('reads the anonymous budget of the address for an invalid key, without spending it', async () => {
    const { l } = limiter();
    const r = await l.consume('1.1.1.1', 'bad');
    expect(r).toMatchObject({ invalidKey: true, policy: 'anonymous', remaining: 3 });
    await l.consume('1.1.1.1', 'bad2');
    await l.consume('1.1.1.1', 'bad3');
    expect((await l.consume('1.1.1.1', null)).remaining).toBe(2);
    // counting in this process is left to consume, which reads
    expect(l.consumeNow('1.1.1.1', 'bad4')).toBeNull();
  });

  it('peeks without counting and resets with the window', async () => {
    const { l, advance } = limiter();
    await l.consume('1.1.1.1', null);
    advance(20_500);
    const peek = await l.consume('1.1.1.1', null, true);
    expect(peek).toMatchObject({ remaining: 2, resetSeconds: 40 });
    expect((await l.consume('1.1.1.1', null)).remaining).toBe(1);
    advance(40_000);
    expect((await l.consume('1.1.1.1', null)).remaining).toBe(2);
  });

  it('formats draft structured-field headers', async () => {
    const { l, advance } = limiter();
    await l.consume('1.1.1.1', null);
    advance(23_000);
    expect(toRateLimitHeaders(await l.consume('1.1.1.1', null))).toEqual({
      'ratelimit-policy': '"anonymous";q=3;w=60',
      ratelimit: '"anonymous";r=1;t=37',
    });
  });
});
