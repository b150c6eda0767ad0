// Which address a request comes from, and the key it is rate limited under. The socket address is used unless
// the operator says how many reverse proxies sit in front (trustProxyHops): a client can write any
// X-Forwarded-For it likes, so trusting the header by default would let anyone pick a fresh address per request.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client address: the socket address when `trustProxyHops` is 0; otherwise the X-Forwarded-For entry that
 * many hops from the right (each trusted proxy appends the address it received the request from), falling back
 * to the left-most entry when the header is shorter than the chain (the request skipped a proxy).
 */
export function getClientIp(socketAddress: string | undefined, forwardedFor: string | null, trustProxyHops: number)
  : string {
  const socket = normaliseIp(socketAddress ?? '') ?? 'unknown';
  if (trustProxyHops <= 0 || !forwardedFor) return socket;
  const chain = forwardedFor.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (chain.length === 0) return socket;
  const picked = chain[Math.max(0, chain.length - trustProxyHops)];
  return normaliseIp(picked) ?? socket;
}

/**
 * The rate-limit key of an address: IPv4 as is (an IPv4-mapped IPv6 address is its IPv4 address); IPv6 by its /56
 * prefix, because one subscriber usually holds a whole /56 (or /48) and could otherwise rotate through 2^72
 * addresses to escape the limit.
 */
export function toRateLimitKey(ip: string): string {
  if (isIPv4(ip)) return `ip4:${ip}`;
  if (isIPv6(ip)) {
    const v4 = mappedIpv4(ip);
    return v4 ? `ip4:${v4}` : `ip6:${ipv6Prefix56(ip)}::/56`;
  }
  return `other:${ip}`;
}

// ---- private helpers ----

/**
 * Strip ports, brackets and zone ids; unwrap IPv4-mapped IPv6 in any spelling (`::ffff:1.2.3.4`, `::ffff:102:304`,
 * `0:0:0:0:0:ffff:1.2.3.4`), since a dual-stack socket or a proxy reports an IPv4 client that way and it must share
 * the IPv4 client's budget; undefined if not an address.
 */
function normaliseIp(raw: string): string | undefined {
  let s = raw.trim();
  if (s.startsWith('[')) s = s.slice(1, s.indexOf(']') > 0 ? s.indexOf(']') : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(s)) s = s.slice(0, s.lastIndexOf(':'));
  s = s.replace(/%.*$/, '');
  if (isIPv4(s)) return s;
  if (isIPv6(s)) return mappedIpv4(s) ?? s.toLowerCase();
  return undefined;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:0:0/96), else undefined. */
function mappedIpv4(ip: string): string | undefined {
  const groups = expandIpv6(ip).map((g) => parseInt(g, 16));
  if (groups.length !== 8 || groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return undefined;
  return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
}

/** First 56 bits of an IPv6 address as four hex groups, the last masked to its high byte. */
function ipv6Prefix56(ip: string): string {
  const groups = expandIpv6(ip);
  const fourth = (parseInt(groups[3], 16) & 0xff00).toString(16);
  return [...groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16)), fourth].join(':');
}

/** Eight 16-bit hex groups of an IPv6 address (handles `::` and an embedded IPv4 tail). */
function expandIpv6(ip: string): string[] {
  let s = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    s = s.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}
