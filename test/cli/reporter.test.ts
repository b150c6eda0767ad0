// The stage reporter: a numbered banner, details only with VERBOSE (always in the log file), warnings with their
// meaning, a progress bar only on a terminal, and a closing line with the elapsed time.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReporter, toReporter } from '../../cli/reporter.ts';

function capture(options: { verbose?: boolean; isTTY?: boolean; stage?: string | null } = {}) {
  let out = '';
  let t = 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'reporter-'));
  const report = createReporter({
    title: 'Pipeline: raw files → warehouse', stage: options.stage === undefined ? '2/6' : options.stage, verbose: options.verbose ?? false,
    logFile: path.join(dir, 'pipeline.log'), write: (s) => { out += s; }, isTTY: options.isTTY ?? false, now: () => t,
  });
  return { report, out: () => out, advance: (ms: number) => { t += ms; }, dir };
}

describe('stage reporter', () => {
  it('prints a numbered banner, the main lines and warnings, and closes with the elapsed time', () => {
    const c = capture();
    c.report.detail('votes: VW_OPEN_VOTE_2022_2026.csv: 2081 rows');
    c.report.info('sources: 37,855 rows');
    c.report.warn('75 source records set aside', 'malformed rows are kept with their reason');
    c.report.progress('links', 3, 28, 'lnk_l2');
    c.advance(21_900);
    c.report.done('export 2026-11-20');
    const out = c.out();
    expect(out).toContain('━━ [2/6] Pipeline: raw files → warehouse');
    expect(out).toContain('   sources: 37,855 rows');
    expect(out).toContain('   ! 75 source records set aside\n     malformed rows are kept with their reason');
    expect(out).toContain('✓  [2/6] done in 21.9 s: export 2026-11-20');
    expect(out).not.toContain('VW_OPEN_VOTE'); // a detail, kept for VERBOSE=1 and the log
    expect(out).not.toContain('\r'); // no progress bar on a pipe
    const log = readFileSync(path.join(c.dir, '2-pipeline.log'), 'utf8');
    expect(log).toContain('votes: VW_OPEN_VOTE_2022_2026.csv: 2081 rows');
    expect(log).toContain('warning: 75 source records set aside (malformed rows are kept with their reason)');
  });

  it('shows details with VERBOSE, draws a bar on a terminal, and reports a failure', () => {
    const verbose = capture({ verbose: true });
    verbose.report.detail('a detail');
    expect(verbose.out()).toContain('   a detail');
    const tty = capture({ isTTY: true, stage: null });
    tty.report.progress('links', 14, 28, 'lnk_l6');
    expect(tty.out()).toMatch(/\r\x1b\[2K {3}links {8}\[█{12}░{12}\] 14\/28 lnk_l6/);
    tty.report.fail('3 data checks failed');
    expect(tty.out()).toContain('✗  failed after 0.0 s: 3 data checks failed');
    expect(tty.out()).toContain('━━ Pipeline'); // no stage number without a driver
  });

  it('wraps a plain logger so tests and the bench receive every line', () => {
    const lines: string[] = [];
    const r = toReporter((m) => lines.push(m));
    r.detail('d');
    r.warn('w', 'why');
    r.done('s');
    expect(lines).toEqual(['d', 'w (why)', 's']);
  });
});
