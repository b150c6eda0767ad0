// Client address selection (proxy trust) and rate-limit keys (IPv6 grouped by /56).
import { describe, expect, it } from 'vitest';
import { getClientIp, toRateLimitKey } from '../../../gateway/rate-limit/client-ip.ts';

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
    // every spelling of an IPv4-mapped address is the IPv4 client
    for (const mapped of ['::ffff:198.51.100.9', '::FFFF:c633:6409', '0:0:0:0:0:ffff:198.51.100.9', '0000:0000:0000:0000:0000:ffff:c633:6409']) {
      expect(getClientIp(mapped, null, 0), mapped).toBe('198.51.100.9');
      expect(getClientIp('10.0.0.1', `${mapped}, 10.0.0.2`, 2), mapped).toBe('198.51.100.9');
    }
    expect(getClientIp('10.0.0.1', '[::ffff:198.51.100.9]:443', 1)).toBe('198.51.100.9');
    // not mapped: ::ffff:0:0/96 only (IPv4-compatible and translated forms stay IPv6)
    expect(getClientIp('::c633:6409', null, 0)).toBe('::c633:6409');
    expect(getClientIp('::ffff:0:c633:6409', null, 0)).toBe('::ffff:0:c633:6409');
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
  it('keys IPv4-mapped IPv6 as the IPv4 address, not a /56', () => {
    expect(toRateLimitKey('::ffff:198.51.100.9')).toBe('ip4:198.51.100.9');
    expect(toRateLimitKey('::ffff:c633:6409')).toBe('ip4:198.51.100.9');
    expect(toRateLimitKey('0:0:0:0:0:ffff:198.51.100.9')).toBe('ip4:198.51.100.9');
    expect(toRateLimitKey('::ffff:198.51.100.10')).not.toBe(toRateLimitKey('::ffff:198.51.100.9'));
  });
});
