// What the entry points print (sample, pipeline, review, link quality, site): a numbered stage banner, progress bars
// on the long stages when attached to a terminal (plain lines otherwise), warnings that say what they mean and where
// to read more, and a closing line with the elapsed time and a one-line summary. Details (per-file rows, per-model
// counts) are kept for `VERBOSE=1` and for the stage's log file, so nothing is lost by printing less.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Reporter {
  /** A detail line: shown with VERBOSE=1, always written to the log file. */
  detail(message: string): void;
  /** A line worth showing every time (a stage's main facts). */
  info(message: string): void;
  /** Something that looks alarming, with what it means and where to read more. */
  warn(message: string, meaning: string): void;
  /** Progress of a long step (`links` 17 of 28 models): a bar on a terminal, nothing on a pipe. */
  progress(label: string, done: number, total: number, item?: string): void;
  /** Close the stage: elapsed time and a one-line summary. */
  done(summary: string): void;
  /** Close the stage as failed. */
  fail(reason: string): void;
}

export interface ReporterOptions {
  /** What the stage does, e.g. `Pipeline: raw files → warehouse`. */
  title: string;
  /** `2/7` when a driver (the Makefile) numbers the stages; null prints the title alone. */
  stage: string | null;
  verbose: boolean;
  /** Where every line also goes (the full log); null for none. */
  logFile: string | null;
  write?: (text: string) => void;
  isTTY?: boolean;
  now?: () => number;
}

const BAR_WIDTH = 24;

/** Start a stage: prints its banner and returns the reporter for its lines. */
export function createReporter(options: ReporterOptions): Reporter {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const tty = options.isTTY ?? Boolean(process.stdout.isTTY);
  const now = options.now ?? (() => performance.now());
  const started = now();
  const tag = options.stage ? `[${options.stage}] ` : '';
  let barShown = false;
  // a numbered stage keeps its own log (the sample build runs the pipeline twice: 2-pipeline.log, 4-pipeline.log)
  const logFile = options.logFile && options.stage
    ? path.join(path.dirname(options.logFile), `${options.stage.split('/')[0]}-${path.basename(options.logFile)}`)
    : options.logFile;
  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    writeFileSync(logFile, '');
  }

  const toFile = (line: string) => { if (logFile) appendFileSync(logFile, `${line}\n`); };
  const clearBar = () => {
    if (barShown) write('\r\x1b[2K');
    barShown = false;
  };
  const show = (line: string) => {
    clearBar();
    write(`${line}\n`);
  };
  const elapsed = () => `${((now() - started) / 1000).toFixed(1)} s`;

  show(`\n━━ ${tag}${options.title}`);
  toFile(`== ${tag}${options.title}`);
  return {
    detail(message) {
      toFile(message);
      if (options.verbose) show(`   ${message}`);
    },
    info(message) {
      toFile(message);
      show(`   ${message}`);
    },
    warn(message, meaning) {
      toFile(`warning: ${message} (${meaning})`);
      show(`   ! ${message}\n     ${meaning}`);
    },
    progress(label, done, total, item) {
      if (!tty || options.verbose) return;
      const filled = total > 0 ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
      write(`\r\x1b[2K   ${label.padEnd(12)} [${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${done}/${total}${item ? ` ${item}` : ''}`);
      barShown = true;
    },
    done(summary) {
      toFile(`done in ${elapsed()}: ${summary}`);
      show(`✓  ${tag}done in ${elapsed()}: ${summary}${logFile ? `\n   (full log: ${shownPath(logFile)})` : ''}`);
    },
    fail(reason) {
      toFile(`failed after ${elapsed()}: ${reason}`);
      show(`✗  ${tag}failed after ${elapsed()}: ${reason}`);
    },
  };
}

/** A path as a person would type it here: relative below the working folder, absolute elsewhere. */
export function shownPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel === '' ? '.' : rel.startsWith('..') ? file : rel;
}

/** What an entry's function takes: a plain line logger (tests, bench) or a stage reporter (the CLIs). */
export type LogTarget = ((message: string) => void) | Reporter;

/** A reporter over a plain logger: every line (details, warnings with their meaning, summaries) goes to it. */
export function toReporter(log: LogTarget): Reporter {
  if (typeof log !== 'function') return log;
  return {
    detail: log,
    info: log,
    warn: (message, meaning) => log(`${message} (${meaning})`),
    progress: () => {},
    done: (summary) => log(summary),
    fail: (reason) => log(`failed: ${reason}`),
  };
}
