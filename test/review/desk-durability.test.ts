// Durability of the decisions file against kill -9: the real desk process is started, signed into and sent decisions
// from several clients at once, then killed with SIGKILL — right after requests went out (between receiving and
// acknowledging) or right after an acknowledgement — many times over. Every acknowledged decision must be in the
// file, every line whole, the file ending with a line break once the desk has started again. Also over real sockets:
// a target that climbs out with `..` is a 400.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashLine } from '../../review/auth/users.ts';
import { parseDecisions } from '../../review/decisions/format.ts';

const ROUNDS = 24;
const CLIENTS = 4;
let dir = '';
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'desk-kill-'));
  mkdirSync(path.join(dir, 'warehouse'), { recursive: true });
  writeFileSync(path.join(dir, 'users'), `${await hashLine('Ana Reviewer', 'a long enough password', { N: 1024, r: 8, p: 1 })}\n`);
  env = { PATH: process.env.PATH, HOME: process.env.HOME, RAW_DIR: path.join(dir, 'raw'), WAREHOUSE: path.join(dir, 'warehouse', 'warehouse.duckdb'),
    REVIEW_USERS: path.join(dir, 'users'), REVIEW_PORT: '0', LOG_DIR: path.join(dir, 'logs') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startDesk(): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'review/server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b;
      const m = /desk on (http:\/\/[^ ]+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (b: Buffer) => { out += b; });
    child.once('exit', () => reject(new Error(`desk exited: ${out}`)));
  });
  return { child, url, exited };
}

async function signIn(url: string): Promise<{ cookie: string; csrf: string }> {
  const login = await fetch(`${url}/login`);
  const pre = /desk_prelogin=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1];
  const r = await fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { origin: url, cookie: `desk_prelogin=${pre}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: pre, name: 'Ana Reviewer', password: 'a long enough password' }) });
  const cookie = /desk_session=[^;]+/.exec(r.headers.get('set-cookie') ?? '')![0];
  const page = await (await fetch(url, { headers: { cookie } })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)![1] };
}

it('loses no acknowledged decision and leaves no torn line across repeated SIGKILLs', async () => {
  const acked: string[] = [];
  let next = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const desk = await startDesk();
    const { cookie, csrf } = await signIn(desk.url);
    let killed = false;
    let firstAck: () => void = () => {};
    const gotAck = new Promise<void>((resolve) => { firstAck = resolve; });
    const client = async () => {
      while (!killed) {
        const id = String(next++);
        try {
          const r = await fetch(`${desk.url}/decide`, { method: 'POST', redirect: 'manual',
            headers: { origin: desk.url, cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ csrf, k: `L7|contribution|${id}|organization|31`, verdict: id.endsWith('7') ? 'rejected' : 'confirmed', note: `decision ${id}` }) });
          if (r.status === 303) { acked.push(id); firstAck(); }
          else throw new Error(`unexpected ${r.status}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    // even rounds: kill while the first requests are in flight; odd rounds: just after an acknowledgement
    if (round % 2 === 0) await new Promise((resolve) => setTimeout(resolve, 2 + (round % 5)));
    else await gotAck;
    killed = true;
    desk.child.kill('SIGKILL');
    await desk.exited;
    await Promise.all(clients);
  }
  // one more start repairs whatever the last kill tore, then a clean stop
  const last = await startDesk();
  last.child.kill('SIGTERM');
  await last.exited;
  const text = readFileSync(path.join(dir, 'raw', 'review', 'decisions.csv'), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe('task,from_type,from_id,to_type,to_id,decision,reviewer,reviewed_at,note');
  expect(lines.slice(1).filter((l) => !/^L7,contribution,\d+,organization,31,(confirmed|rejected),Ana Reviewer,\d{4}-\d\d-\d\dT[\d:.]+Z,decision \d+$/.test(l))).toEqual([]);
  const saved = new Set(parseDecisions(text).map((d) => d.from_id));
  // each odd round waits for an acknowledgement before its kill; the even rounds' kills may come before any
  expect(acked.length).toBeGreaterThanOrEqual(ROUNDS / 2);
  expect(acked.filter((id) => !saved.has(id))).toEqual([]);
}, 600_000);

it('answers 400 to a request target that climbs out with ..', async () => {
  const desk = await startDesk();
  try {
    const u = new URL(desk.url);
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: u.hostname, port: u.port, path: '/assets/../../package.json' }, (res) => { res.resume(); resolve(res.statusCode!); }).on('error', reject).end();
    });
    expect(status).toBe(400);
  } finally {
    desk.child.kill('SIGTERM');
    await desk.exited;
  }
});
