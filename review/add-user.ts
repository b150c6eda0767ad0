// `make review-user NAME="…"`: adds (or replaces) a reviewer's credential line in the REVIEW_USERS file, reading the
// password from stdin (REVIEW_PASSWORD for scripts) so it never appears in the shell's history or the process list.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline/promises';
import { hashLine } from './auth/users.ts';
import { usersFileOf } from './config.ts';

export async function addUser(file: string, name: string, password: string): Promise<void> {
  const line = await hashLine(name, password);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith(`${name}:`)) : [];
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [...kept, line].join('\n') + '\n', { mode: 0o600 });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = usersFileOf(process.env);
  const name = process.argv[2]?.trim() || process.env.NAME?.trim();
  if (!name) {
    console.error('usage: make review-user NAME="Reviewer Name"   (REVIEW_USERS = the credentials file, default data/review-users)');
    process.exit(2);
  }
  const read = async () => {
    if (process.env.REVIEW_PASSWORD) return process.env.REVIEW_PASSWORD;
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
    process.stderr.write(`Password for ${name} (at least 12 characters): `);
    for await (const l of rl) { rl.close(); return l; }
    return '';
  };
  read().then((pw) => addUser(file, name, pw)).then(
    () => console.log(`reviewer "${name}" saved in ${file}`),
    (e: Error) => { console.error(e.message); process.exit(1); });
}
