// Client address selection (proxy trust) and rate-limit keys (IPv6 grouped by /56).
import { describe, expect, it } from 'vitest';
import { getClientIp, toRateLimitKey } from '../../gateway/utils/client-ip.ts';

describe('getClientIp', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(getClientIp('10.0.0.1', '1.2.3.4', 0)).toBe('10.0.0.1');
  });
  it('takes the address trustProxyHops from the right', () => {
    expect(getClientIp('10.0.0.1', 'spoofed, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(getClientIp('10.0.0.1', '5.6.7.8, 1.2.3.4, 10.0.0.9', 2)).toBe('1.2.3.4');
    expect(getClientIp('10.0.0.1', '1.2.3.4', 3)).toBe('1.2.3.4');
  });
  it('normalises mapped, bracketed and ported addresses', () => {
    expect(getClientIp('::ffff:1.2.3.4', null, 0)).toBe('1.2.3.4');
    expect(getClientIp('10.0.0.1', '[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(getClientIp('10.0.0.1', '1.2.3.4:5678', 1)).toBe('1.2.3.4');
    expect(getClientIp('fe80::1%eth0', null, 0)).toBe('fe80::1');
  });
  it('falls back to the socket when the header entry is not an address', () => {
    expect(getClientIp('10.0.0.1', 'garbage', 1)).toBe('10.0.0.1');
    expect(getClientIp(undefined, null, 0)).toBe('unknown');
  });
});

describe('toRateLimitKey', () => {
  it('keys IPv4 by address', () => {
    expect(toRateLimitKey('1.2.3.4')).toBe('ip4:1.2.3.4');
  });
  it('keys IPv6 by /56', () => {
    const a = toRateLimitKey('2001:db8:1:ff01::1');
    expect(a).toBe(toRateLimitKey('2001:db8:1:ff99:ffff::42'));
    expect(a).toBe(toRateLimitKey('2001:0db8:0001:ff00::'));
    expect(a).not.toBe(toRateLimitKey('2001:db8:1:100::1'));
    expect(a).not.toBe(toRateLimitKey('2001:db8:2:ff01::1'));
    expect(toRateLimitKey('::1')).toBe('ip6:0:0:0:0::/56');
    expect(toRateLimitKey('::ffff:1.2.3.4')).toBe(toRateLimitKey('::ffff:102:304'));
  });
});
