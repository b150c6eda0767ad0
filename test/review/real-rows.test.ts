// On real rows: a night over the City's own file formats (the registry XML and contribution sheets of
// test/fixtures/raw) queues an L7 candidate; a reviewer confirms it in the desk; the next night publishes that
// contribution in /contributions (name and city only, no postal code), which no night publishes without a decision.
import { cpSync, mkdirSync, mkdtempSync, appendFileSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBuild } from '../../build/cli.ts';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { createDesk } from '../../review/app.ts';
import { createLoginLimiter, createSessions } from '../../review/auth/sessions.ts';
import { hashLine, parseUsers } from '../../review/auth/users.ts';
import { openDecisionLog } from '../../review/decisions/decision-log.ts';
import { parseDecisions } from '../../review/decisions/format.ts';
import { queueHolder } from '../../review/queue/queue-file.ts';
import { warehouseRecords } from '../../review/records/read-records.ts';
import { openCityApp } from '../e2e/harness.ts';

const ORIGIN = 'http://127.0.0.1:3100';
let root = '';
let config: Config;

beforeAll(() => {
  mkdirSync(path.resolve('.tmp'), { recursive: true });
  root = mkdtempSync(path.resolve('.tmp', 'desk-real-'));
  cpSync(path.resolve('test/fixtures/raw'), path.join(root, 'raw'), { recursive: true });
  // the fixtures' deliberately damaged files stop a night (the night guard): the adapters' tests use them, a night not
  rmSync(path.join(root, 'raw', 'lobbyist-registry', 'broken'), { recursive: true });
  rmSync(path.join(root, 'raw', 'campaign-finance', '2022', '1_Summary of Contributions by Office.csv'));
  // one more row of the City's 2018 councillor sheet, in its format: a contribution from the registrant John Smith,
  // from the postal code of his business address in the registry file
  appendFileSync(path.join(root, 'raw', 'campaign-finance', '2018', '3_Councillor.csv'),
    '"Smith, John", ,M5X 1A9,"$1,200.00",,Monetary,,Individual, ,"Cressy, Joe",Councillor,10\n');
  config = resolveConfig({
    rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'), warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'),
    siteRoot: path.join(root, 'site'), baseUrl: 'http://localhost/api/v1', cursorSecret: 'real-rows', output: { logDir: path.join(root, 'logs') },
  }, {});
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('publishes a contribution from real-format City files once a reviewer confirms it in the desk', async () => {
  await runPipeline(config, () => {});
  await runBuild(config, () => {});
  let api = await openCityApp(config);
  expect((await api.json<{ data: unknown[] }>('/contributions')).body.data).toEqual([]); // nothing without a decision

  const queueFile = path.join(root, 'warehouse', 'review-queue.jsonl');
  const candidate = readFileSync(queueFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    .find((l) => l.task === 'L7' && l.evidence.contribution.election === '2018' && l.probability >= 0.95);
  expect(candidate).toBeDefined();
  const key = `L7|contribution|${candidate.from_id}|organization|${candidate.to_id}`;

  const decisions = await openDecisionLog(path.join(config.rawDir, 'review', 'decisions.csv'));
  const app = createDesk({
    decisions, queue: queueHolder(queueFile), records: warehouseRecords(config.warehousePath),
    users: parseUsers(`${await hashLine('Ana Reviewer', 'a long enough password', { N: 1024, r: 8, p: 1 })}\n`),
    sessions: createSessions(), loginLimiter: createLoginLimiter(10), origins: new Set([ORIGIN]), apiBaseUrl: config.baseUrl,
  });
  const req = (p: string, init: RequestInit = {}) => Promise.resolve(app.fetch(new Request(`${ORIGIN}${p}`, init)));
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };
  const pre = /desk_prelogin=([^;]+)/.exec((await req('/login')).headers.get('set-cookie') ?? '')![1];
  const login = await req('/login', { method: 'POST', headers: { ...formHeaders, cookie: `desk_prelogin=${pre}` },
    body: new URLSearchParams({ csrf: pre, name: 'Ana Reviewer', password: 'a long enough password' }).toString() });
  const cookie = /desk_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  const page = await (await req(`/candidate?k=${encodeURIComponent(key)}`, { headers: { cookie } })).text();
  expect(page).toContain('Smith, John');
  expect(page).toContain('M5X1A9'); // the reviewer sees the postal code the City published (normalised) …
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1];
  const saved = await req('/decide', { method: 'POST', headers: { ...formHeaders, cookie },
    body: new URLSearchParams({ csrf, k: key, verdict: 'confirmed', note: 'registrant; same business postal code' }).toString() });
  expect(saved.status).toBe(303);
  expect(parseDecisions(readFileSync(path.join(config.rawDir, 'review', 'decisions.csv'), 'utf8')).map((d) => [d.from_id, d.decision, d.reviewer]))
    .toEqual([[candidate.from_id, 'confirmed', 'Ana Reviewer']]);

  await runPipeline(config, () => {});
  await runBuild(config, () => {});
  api = await openCityApp(config);
  const { body } = await api.json<{ data: Record<string, unknown>[] }>('/contributions');
  expect(body.data.map((r) => [String(r.contribution_id), String(r.organization_id), r.contributor_name, r.amount]))
    .toEqual([[candidate.from_id, candidate.to_id, 'Smith, John', 1200]]);
  expect(JSON.stringify(body)).not.toMatch(/M5X/i); // … which is never published: not in the answer, nor in any
  // file of the export (pages, documents, bulk files; gzip and brotli twins decompressed)
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
    const full = path.join(dir, n);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
  const files = walk(path.join(config.siteRoot, 'current'));
  expect(files.length).toBeGreaterThan(50);
  const leaks = files.filter((f) => {
    const bytes = readFileSync(f);
    const text = (f.endsWith('.gz') ? gunzipSync(bytes) : f.endsWith('.br') ? brotliDecompressSync(bytes) : bytes).toString('latin1');
    return /M5X ?1A9/i.test(text);
  });
  expect(leaks).toEqual([]);
}, 600_000);
