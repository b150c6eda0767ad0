// The desk's decisions log: whole lines appended and read back, a torn last line repaired on open (the fragment kept
// beside the file), later decisions on a candidate always later, and two logs on one file (two desk processes)
// appending at once without losing or interleaving a line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDecisionLog } from '../../review/decisions/decision-log.ts';
import { HEADER_LINE, parseDecisions } from '../../review/decisions/format.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fileIn = () => path.join((dir = mkdtempSync(path.join(tmpdir(), 'desk-log-'))), 'review', 'decisions.csv');
const base = { task: 'L7', from_type: 'contribution', to_type: 'organization', to_id: '31', reviewer: 'Ana', note: '' } as const;

describe('the decisions log', () => {
  it('creates the file with its header and appends whole lines, quoting notes and folding their line breaks', async () => {
    const file = fileIn();
    const log = await openDecisionLog(file);
    await log.append({ ...base, from_id: '1', decision: 'confirmed', note: 'same person, "Al" is Alan\nchecked' });
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(HEADER_LINE)).toBe(true);
    expect(text.split('\n')).toHaveLength(3);
    expect(parseDecisions(text)[0]).toMatchObject({ from_id: '1', decision: 'confirmed', note: 'same person, "Al" is Alan checked' });
  });

  it('cuts a torn last line on open and keeps the fragment in decisions.torn.log', async () => {
    const file = fileIn();
    const log = await openDecisionLog(file);
    await log.append({ ...base, from_id: '1', decision: 'confirmed' });
    writeFileSync(file, readFileSync(file, 'utf8') + 'L7,contribution,2,organiz', { flag: 'w' });
    const again = await openDecisionLog(file);
    expect(again.repaired).toBe('L7,contribution,2,organiz');
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
    expect(again.all().map((d) => d.from_id)).toEqual(['1']);
    expect(readFileSync(file.replace('.csv', '.torn.log'), 'utf8')).toContain('L7,contribution,2,organiz');
  });

  it('dates a later decision on the same candidate later even when the clock steps back', async () => {
    const file = fileIn();
    let t = Date.parse('2026-11-27T10:00:00Z');
    const log = await openDecisionLog(file, { now: () => new Date(t) });
    const first = await log.append({ ...base, from_id: '1', decision: 'confirmed' });
    t -= 60_000;
    const second = await log.append({ ...base, from_id: '1', decision: 'rejected' });
    expect(Date.parse(second.reviewed_at)).toBeGreaterThan(Date.parse(first.reviewed_at));
  });

  it('two logs on one file (two processes) appending at once lose nothing and tear nothing', async () => {
    const file = fileIn();
    const [a, b] = [await openDecisionLog(file), await openDecisionLog(file)];
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).append({ ...base, from_id: String(i), decision: 'confirmed', reviewer: i % 2 ? 'A' : 'B' })));
    const rows = parseDecisions(readFileSync(file, 'utf8'));
    expect(rows.map((r) => Number(r.from_id)).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('task,'))).toHaveLength(1);
    await a.refresh();
    expect(a.all()).toHaveLength(40); // the other process's appends read back too
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
