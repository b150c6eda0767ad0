// Whole answers to take away (`format=csv`, `format=jsonl`, or `Accept: text/csv` / `application/x-ndjson`; an
// extension of the v1 contract, docs/take-away.md): which form a list request asks for, the file name a download is
// saved under, and the lines of licence and attribution a CSV answer opens with. Pure: the gateway streams the rows.
import { ApiError, clipInput } from './errors.ts';
import { ATTRIBUTION, LICENCE } from './licence.ts';
import { PAGE_LIMIT_MAX, type ListRoute } from './routes/types.ts';

/** The query parameter and its values. */
export const FORMAT_PARAM = 'format';
export const TAKE_AWAY_FORMATS = ['csv', 'jsonl'] as const;
export type TakeAwayFormat = (typeof TAKE_AWAY_FORMATS)[number];
/** What a list request asks for: the JSON page (the contract's) or a whole answer. */
export type AnswerFormat = 'json' | TakeAwayFormat;

export const TAKE_AWAY_MEDIA_TYPES: Readonly<Record<TakeAwayFormat, string>> = {
  csv: 'text/csv',
  jsonl: 'application/x-ndjson',
};

/** A whole answer is charged to the rate limit as the pages of the largest size it spares the caller. */
export const ROWS_PER_CHARGE = PAGE_LIMIT_MAX;

/** The lines a CSV answer opens with, each one quoted field before the header row: a spreadsheet shows them in its
 *  first two rows; a program skips them (`skip = 2` in DuckDB's read_csv, `skiprows=2` in pandas). */
export const CSV_PREAMBLE_LINES = [`Licence: ${LICENCE}`, `Attribution: ${ATTRIBUTION}`] as const;

export const FORMAT_DESCRIPTION = 'Extension (not in the v1 contract): csv or jsonl answers every row that matches the '
  + `filters (not one page) as one download, in the list's order; json (the default) is the paged answer. The same as `
  + `sending Accept: text/csv or application/x-ndjson. CSV: the bulk export's columns and cell forms (RFC 4180, UTF-8), `
  + `after ${CSV_PREAMBLE_LINES.length} lines naming the licence and attribution (skip them: read_csv(…, skip = `
  + `${CSV_PREAMBLE_LINES.length})); with labels=1 the name columns too. JSON Lines: one record per line. No limit or `
  + `cursor; at most the gateway's row cap (a larger answer is a 400 too_many_rows naming the bulk file); charged to the `
  + `rate limit as one request per ${ROWS_PER_CHARGE} rows. Answered by the gateway only (a static host serves JSON). `
  + 'See docs/take-away.md.';

/** The form a list request asks for: `format` when given (json, csv, jsonl; anything else is a 400), else the
 *  Accept header's preference where it names CSV or JSON Lines above JSON, else json. */
export function answerFormat(format: string | null, accept: string | null): AnswerFormat {
  if (format !== null) {
    if (format === 'json' || (TAKE_AWAY_FORMATS as readonly string[]).includes(format)) return format as AnswerFormat;
    throw new ApiError(400, 'invalid_parameter',
      `Parameter "${FORMAT_PARAM}" must be one of "json", "csv", "jsonl", got "${clipInput(format)}"`);
  }
  return accept === null ? 'json' : _fromAccept(accept);
}

/** Whether an Accept header could ask for a whole answer (a cheap test before a canonical file is sent for it). */
export function mayAskTakeAway(accept: string | null | undefined): boolean {
  return accept !== null && accept !== undefined && /csv|ndjson/i.test(accept);
}

/** The name a download is saved under: the resource, the filters in the registry's order and the export date,
 *  reduced to letters, digits, `-`, `_` and `.` (`communications_member-12_from-2025-01-01_2026-11-27.csv`). */
export function downloadName(route: ListRoute, filters: ReadonlyMap<string, string | number>, exportDate: string,
  format: TakeAwayFormat, labels: boolean): string {
  const parts = [route.resource.replace(/\//g, '-')];
  for (const [name, value] of filters) parts.push(`${name}-${String(value)}`);
  if (labels) parts.push('labels');
  const stem = parts.join('_').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 180);
  return `${stem}_${exportDate}.${format}`;
}

/** The caller's preference among JSON, CSV and JSON Lines (RFC 9110 §12.5.1 quality values; ties go to JSON, the
 *  contract's form, then to the more specific range). */
function _fromAccept(accept: string): AnswerFormat {
  let best: AnswerFormat = 'json';
  let bestQ = -1;
  const ranked: [AnswerFormat, number][] = [];
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (!(quality > 0)) continue;
    if (range === 'application/json') ranked.push(['json', quality]);
    else if (range === 'text/csv') ranked.push(['csv', quality]);
    else if (range === 'application/x-ndjson' || range === 'application/jsonl') ranked.push(['jsonl', quality]);
    else if (range === '*/*' || range === 'application/*') ranked.push(['json', quality - 1e-9]);
  }
  for (const [format, quality] of ranked) {
    if (quality > bestQ || (quality === bestQ && format === 'json')) [best, bestQ] = [format, quality];
  }
  return best;
}
