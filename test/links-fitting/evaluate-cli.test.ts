// The link-quality step (links-fitting/evaluate-cli.ts): on real City files (no planted truth) it says so and writes
// nothing; on the e2e city, run again on a copy of its warehouse, it writes the same report byte for byte and logs
// one line per task.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateLinkQuality } from '../../links-fitting/evaluate-cli.ts';
import { LINK_TASKS } from '../../pipeline/links/model-file.ts';
import { e2eCity } from '../e2e/city.ts';

const root = mkdtempSync(path.join(tmpdir(), 'evaluate-links-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('evaluate-links', () => {
  it('without planted truth says so and writes no report (the warehouse is not even opened)', async () => {
    const lines: string[] = [];
    const warehousePath = path.join(root, 'real', 'warehouse', 'warehouse.duckdb');
    const report = await evaluateLinkQuality({ rawDir: path.join(root, 'real', 'raw'), warehousePath }, (m) => lines.push(m));
    expect(report).toBeNull();
    expect(lines).toEqual([`links: no planted truth in ${path.join(root, 'real', 'raw')} (real City files); no link-quality report written`]);
    expect(existsSync(path.join(path.dirname(warehousePath), 'link-quality.json'))).toBe(false);
  });

  it('writes the e2e city\'s report again, byte-identical, with one log line per task and no missed floor', async () => {
    const config = await e2eCity();
    const warehousePath = path.join(root, 'copy', 'warehouse.duckdb');
    mkdirSync(path.dirname(warehousePath), { recursive: true });
    copyFileSync(config.warehousePath, warehousePath);
    const lines: string[] = [];
    await evaluateLinkQuality({ rawDir: config.rawDir, warehousePath }, (m) => lines.push(m));
    const written = readFileSync(path.join(path.dirname(warehousePath), 'link-quality.json'), 'utf8');
    expect(written).toBe(readFileSync(path.join(path.dirname(config.warehousePath), 'link-quality.json'), 'utf8'));
    expect(lines.filter((l) => /^links: \S+ high /.test(l))).toHaveLength(LINK_TASKS.length);
    expect(lines.filter((l) => l.includes('FLOOR MISSED'))).toEqual([]);
  }, 600_000);
});
