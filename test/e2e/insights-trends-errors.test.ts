// Malformed filters of the trend insights get the contract's 400 with the error body, through the gateway on the
// e2e city (month_from=2024-13 and friends); well-formed neighbours of each are answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { openE2eApp, type E2eApp } from './harness.ts';

let gw: E2eApp;
beforeAll(async () => { gw = await openE2eApp(); }, 900_000);

const BAD = [
  ['/insights/topic-volume?month_from=2024-13', 'month_from'],
  ['/insights/topic-volume?month_to=2024-00', 'month_to'],
  ['/insights/topic-volume?month_from=2024-1', 'month_from'],
  ['/insights/topic-volume?month_from=2024-01-01', 'month_from'],
  ['/insights/topic-volume?spike=0', 'spike'],
  ['/insights/topic-volume?spike=yes', 'spike'],
  ['/insights/topic-volume?topic=Transit!', 'topic'],
  ['/insights/upcoming?basis=soon', 'basis'],
  ['/insights/upcoming?topic=*', 'topic'],
  ['/insights/lead-times?topic=**', 'topic'],
  ['/insights/mayor-share?category=planning', 'category'],
  ['/insights/mayor-share?category=all&limit=501', 'limit'],
  ['/insights/disclosure-lag?subject_type=pair', 'subject_type'],
] as const;

const GOOD = ['/insights/topic-volume?month_from=2024-12&month_to=2025-01&spike=1', '/insights/upcoming?basis=none',
  '/insights/lead-times?topic=*', '/insights/mayor-share?category=planning_development', '/insights/disclosure-lag?subject_type=all'];

describe('trend insight filters', () => {
  it.each(BAD)('%s is a 400 naming %s', async (url, param) => {
    const { status, body } = await gw.json<{ error: string; message: string }>(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: expect.any(String), message: expect.stringContaining(param) });
  });

  it.each(GOOD)('%s is answered', async (url) => {
    const { status, body } = await gw.json<{ data: unknown[] }>(url);
    expect(status).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
  });
});
