// The desk end to end in real Chromium (Debian package, puppeteer-core) on a copy of the e2e city: a reviewer signs
// in, confirms an L7 candidate with the keyboard, rejects another, confirms an L5 candidate that has two confirming
// records, confirms a second one and undoes it; decisions.csv gains exactly those rows under the reviewer's name;
// the next night publishes the confirmed contribution in /contributions and the former official in
// /insights/former-officials, and neither the rejected contribution nor the undone former official. Screenshots of
// the queue and a candidate go to test-artifacts/ (shown in docs/review.md).
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runBuild } from '../../build/cli.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { parseDecisions } from '../../review/decisions/format.ts';
import { startDesk, type Desk } from '../../review/server.ts';
import { openCityApp } from '../e2e/harness.ts';
import { copiedCity, PASSWORD, REVIEWER } from './helpers.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts');
let city: Awaited<ReturnType<typeof copiedCity>>;
let desk: Desk;
let browser: Browser;
let before = '';

interface Line { task: string; from_id: string; to_id: string; probability: number; expected_linked_dollars?: number; extra: Record<string, unknown>; evidence: Record<string, unknown> }

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  city = await copiedCity('desk-browser');
  before = readFileSync(city.desk.decisionsFile, 'utf8');
  desk = await startDesk(city.desk, () => {});
  browser = await puppeteer.launch({
    executablePath: CHROMIUM, headless: true, defaultViewport: { width: 1366, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await desk?.close();
  if (city) rmSync(city.root, { recursive: true, force: true });
});

const keyOf = (l: Line, from: string, to: string) => `${l.task}|${from}|${l.from_id}|${to}|${l.to_id}`;

async function decide(page: Page, key: string, keys: string[], expectFlash: string[]) {
  await page.goto(`${desk.url}/candidate?k=${encodeURIComponent(key)}`);
  for (let i = 0; i < keys.length; i++) {
    await page.keyboard.press(keys[i] as never);
    await page.waitForSelector(`#decision .flash.${expectFlash[i]}`);
    // the panel swapped in place: the page did not navigate
    expect(new URL(page.url()).pathname).toBe('/candidate');
  }
}

it('a reviewer decides in the browser and the next night publishes what was confirmed', async () => {
  const queue = readFileSync(city.desk.queueFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Line);
  const l7 = queue.filter((l) => l.task === 'L7' && (l.expected_linked_dollars ?? 0) > 0);
  const l5 = queue.filter((l) => l.task === 'L5' && l.probability >= 0.95
    && new Set((l.evidence.confirming_records as { source: string }[]).map((r) => r.source)).size >= 2);
  expect(l7.length).toBeGreaterThanOrEqual(2);
  expect(l5.length).toBeGreaterThanOrEqual(2);
  const [confirm7, reject7] = l7;
  const [confirm5, undo5] = l5;
  expect(confirm7.from_id).not.toBe(reject7.from_id);

  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const first = await page.goto(desk.url);
  expect(first?.status()).toBe(401); // no session: the sign-in page
  await page.type('#name', REVIEWER);
  await page.type('#password', PASSWORD);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  expect(await page.$eval('.who strong', (e) => e.textContent)).toBe(REVIEWER);
  errors.length = 0; // the console reports the sign-in page's own 401
  expect(await page.$$eval('table.queue tbody tr', (rows) => rows.length)).toBeGreaterThan(5);
  await page.screenshot({ path: path.join(ARTIFACTS, 'review-desk-queue.png') });

  // the L7 candidate: the contribution, its reviewer-only address panel, the organisation; confirmed with "c"
  await page.goto(`${desk.url}/candidate?k=${encodeURIComponent(keyOf(confirm7, 'contribution', 'organization'))}`);
  expect(await page.$eval('.private', (e) => e.textContent)).toContain('Reviewer only');
  expect(await page.$$eval('table.features tbody tr', (r) => r.length)).toBeGreaterThan(5);
  await page.type('#note', 'same person: name and postal area agree');
  await page.focus('body');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(ARTIFACTS, 'review-desk-candidate.png'), fullPage: true });
  expect(await page.$eval('.private', (e) => e.textContent)).toMatch(/postal code [A-Z]\d[A-Z]/);
  await page.keyboard.press('c');
  await page.waitForSelector('#decision .flash.saved');
  expect(await page.$eval('#decision .flash', (e) => e.textContent)).toMatch(/Next night: The contribution .* is published in \/contributions/);

  await decide(page, keyOf(reject7, 'contribution', 'organization'), ['r'], ['saved']);
  await page.goto(`${desk.url}/candidate?k=${encodeURIComponent(keyOf(confirm5, 'person', 'person'))}`);
  expect(await page.$eval('.confirming h2', (e) => e.textContent)).toContain('2 independent sources');
  await page.click('button[value="confirmed"]');
  await page.waitForSelector('#decision .flash.saved');
  await decide(page, keyOf(undo5, 'person', 'person'), ['c', 'u'], ['saved', 'info']);
  expect(errors).toEqual([]);
  await page.close();

  // exactly those rows, appended after what the file held, under the signed-in reviewer's name
  const text = readFileSync(city.desk.decisionsFile, 'utf8');
  expect(text.startsWith(before)).toBe(true);
  const added = parseDecisions(`task,from_type,from_id,to_type,to_id,decision,reviewer,reviewed_at,note\n${text.slice(before.length)}`);
  expect(added.map((d) => [d.task, d.from_id, d.to_id, d.decision, d.reviewer])).toEqual([
    ['L7', confirm7.from_id, confirm7.to_id, 'confirmed', REVIEWER],
    ['L7', reject7.from_id, reject7.to_id, 'rejected', REVIEWER],
    ['L5', confirm5.from_id, confirm5.to_id, 'confirmed', REVIEWER],
    ['L5', undo5.from_id, undo5.to_id, 'confirmed', REVIEWER],
    ['L5', undo5.from_id, undo5.to_id, 'rejected', REVIEWER],
  ]);
  expect(added[0].note).toBe('same person: name and postal area agree');
  expect(added[4].note).toMatch(/^undo: withdraws the confirmation/);

  // the next night and site
  await desk.close();
  await runPipeline(city.config, () => {});
  await runBuild(city.config, () => {});
  const api = await openCityApp(city.config);
  const published = async (org: string) => (await api.json<{ data: { contribution_id: number }[] }>(`/contributions?organization=${org}&limit=500`)).body.data.map((r) => String(r.contribution_id));
  expect(await published(confirm7.to_id)).toContain(confirm7.from_id);
  expect(await published(reject7.to_id)).not.toContain(reject7.from_id);
  const former = (await api.json<{ data: { lobbyist_person_id: number; former_official_person_id: number }[] }>('/insights/former-officials?limit=500')).body.data;
  expect(former.some((r) => String(r.lobbyist_person_id) === confirm5.from_id && String(r.former_official_person_id) === confirm5.to_id)).toBe(true);
  expect(former.some((r) => String(r.lobbyist_person_id) === undo5.from_id && String(r.former_official_person_id) === undo5.to_id)).toBe(false);
}, 900_000);
