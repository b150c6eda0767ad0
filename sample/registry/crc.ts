// CRC-32 of byte strings and zlib's crc32_combine, so a snapshot's CRC comes from cached per-registration CRCs.

const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; t[n] = c; }
  return t;
})();

export function crc32(data: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

const POLY = 0xedb88320;
/** a * b modulo the CRC polynomial (bit-reflected), as in zlib's multmodp. */
function multmodp(a: number, b: number): number {
  let m = 0x80000000, p = 0;
  for (;;) {
    if (a & m) { p ^= b; if ((a & (m - 1)) === 0) break; }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^k) mod p for k = 0..31. */
const X2N = (() => {
  const t = new Array<number>(32);
  let p = 1 << 30; // x^1
  t[0] = p >>> 0;
  for (let n = 1; n < 32; n++) t[n] = p = multmodp(p, p);
  return t;
})();
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) { if (n & 1) p = multmodp(X2N[k & 31], p); n = Math.floor(n / 2); k++; }
  return p >>> 0;
}
/** CRC of A||B from crc(A), crc(B) and len(B). */
export function crc32Combine(crcA: number, crcB: number, lenB: number): number {
  return (multmodp(x2nmodp(lenB, 3), crcA) ^ crcB) >>> 0;
}
