// The shell examples a newcomer copies first run as written: every ```bash block of docs/bulk.md and docs/take-away.md and the README's
// "Then try" lines, against a listening gateway over the e2e city (its host and port put where the examples say
// localhost:3000). Every curl request an example makes must answer 200 with a body, and every example must succeed.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GatewayServer } from '../../gateway/server.ts';
import { e2eConfig } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The ```bash blocks of a Markdown file, with the text before each. */
function bashBlocks(file: string): { before: string; code: string }[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => ({ before: text.slice(0, m.index), code: m[1]! }));
}

const bulkExamples = bashBlocks('docs/bulk.md').map((b) => b.code);
const takeAwayExamples = bashBlocks('docs/take-away.md').flatMap((b) => b.code.split('\n').filter((line) => line.trim().startsWith('curl')));
const readmeTry = bashBlocks('README.md').find((b) => /Then try:\s*$/.test(b.before))!.code
  .split('\n').filter((line) => line.trim().startsWith('curl'));

let server: GatewayServer;
let host: string;
let work: string;

beforeAll(async () => {
  const config = await e2eConfig();
  server = await startServer({
    SITE_DIR: config.siteRoot, CURSOR_SECRET: config.cursorSecret, BASE_URL: config.baseUrl, PORT: '0', HOST: '127.0.0.1',
    RATE_LIMIT_ANON: '100000',
  }, { quiet: true, signals: false, warm: false });
  host = `127.0.0.1:${server.address.port}`;
  work = mkdtempSync(path.join(tmpdir(), 'doc-examples-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Run one example in a fresh folder; every curl it calls logs its status, body size and URL. */
async function runExample(code: string): Promise<{ stdout: string; requests: string[]; files: number[] }> {
  const dir = mkdtempSync(path.join(work, 'x-'));
  const log = path.join(dir, '.requests');
  writeFileSync(log, '');
  const script = [
    'set -e',
    `curl() { command curl -w '%{stderr}%{http_code} %{size_download} %{url_effective}\\n' "$@" 2>>${JSON.stringify(log)}; }`,
    code.replaceAll('localhost:3000', host),
  ].join('\n');
  const { stdout } = await run('bash', ['-c', script], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  const requests = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const files = readdirSync(dir).filter((f) => f !== '.requests').map((f) => statSync(path.join(dir, f)).size);
  return { stdout, requests, files };
}

function expectAnswered(example: string, result: { stdout: string; requests: string[]; files: number[] }): void {
  expect(result.requests.length, example).toBeGreaterThan(0);
  for (const line of result.requests) {
    const [status, size] = line.split(' ');
    expect([status, Number(size) > 0], `${example}\n${line}`).toEqual(['200', true]);
  }
  expect(result.stdout.trim().length > 0 || result.files.some((n) => n > 0), example).toBe(true);
  for (const size of result.files) expect(size, example).toBeGreaterThan(0);
}

describe('docs/bulk.md', () => {
  it('has shell examples', () => expect(bulkExamples.length).toBeGreaterThanOrEqual(2));

  it.each(bulkExamples.map((code) => [code.split('\n')[0]!, code] as const))('%s', async (_first, code) => {
    expectAnswered(code, await runExample(code));
  });
});

describe('docs/take-away.md', () => {
  it('has shell examples', () => expect(takeAwayExamples.length).toBeGreaterThanOrEqual(3));

  it.each(takeAwayExamples.map((line) => [line] as const))('%s', async (line) => {
    expectAnswered(line, await runExample(line));
  });
});

describe('README, "Then try"', () => {
  it('has the examples', () => expect(readmeTry.length).toBeGreaterThan(5));

  it.each(readmeTry.map((line) => [line] as const))('%s', async (line) => {
    expectAnswered(line, await runExample(line));
  });
});
