// Reviewers' credentials: a file of `name:scrypt$N$r$p$salt$hash` lines (REVIEW_USERS). The reviewer's name on every
// decision is the name of the credential that logged in, never a form field. Hashing with Node's scrypt (RFC 7914).
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))));

// OWASP's minimum for scrypt (N=2^17, r=8, p=1) with the memory it needs
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const maxmem = (N: number, r: number) => 256 * N * r;
const NAME = /^[^:\r\n]{1,80}$/;

export interface Users {
  /** The reviewer's name when the password is theirs, else null (the same work either way). */
  verify(name: string, password: string): Promise<string | null>;
  readonly count: number;
}

/** One credential line for a reviewer. */
export async function hashLine(name: string, password: string, params = PARAMS): Promise<string> {
  if (!NAME.test(name.trim()) || name.trim() !== name) throw new Error('a reviewer name is 1-80 characters, no colon or line break, no surrounding spaces');
  if (password.length < 12) throw new Error('a reviewer password has at least 12 characters');
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { ...params, maxmem: maxmem(params.N, params.r) });
  return `${name}:scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Parse a credentials file's text; a malformed line is an error naming its line number (never its content). */
export function parseUsers(text: string): Users {
  const byName = new Map<string, { N: number; r: number; p: number; salt: Buffer; key: Buffer }>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^([^:]+):scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(line);
    if (!m) throw new Error(`reviewers file, line ${i + 1}: not name:scrypt$N$r$p$salt$hash`);
    byName.set(m[1], { N: +m[2], r: +m[3], p: +m[4], salt: Buffer.from(m[5], 'base64'), key: Buffer.from(m[6], 'base64') });
  });
  // an unknown name costs the same hashing as a known one, so timing does not tell which names exist
  const decoy = { ...PARAMS, salt: randomBytes(16), key: randomBytes(32) };
  return {
    count: byName.size,
    async verify(name, password) {
      const entry = byName.get(name);
      const e = entry ?? decoy;
      const key = await scrypt(password, e.salt, e.key.length, { N: e.N, r: e.r, p: e.p, maxmem: maxmem(e.N, e.r) });
      return entry && timingSafeEqual(key, e.key) ? name : null;
    },
  };
}

export function readUsers(file: string): Users {
  return parseUsers(readFileSync(file, 'utf8'));
}
