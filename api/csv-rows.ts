// The one CSV writer of a table's records, shared by the bulk files (build/bulk/table-files.ts) and the gateway's CSV
// answers (through csv-transcode.ts, which makes the same bytes from serialised records without parsing them), so a
// row is written the same way wherever it is downloaded: RFC 4180, UTF-8, CRLF line ends, a header row of
// the column names; null (or a field the record lacks) is an empty field; lists and objects are their JSON text;
// booleans 1/0; numbers and `YYYY-MM-DD` dates as the JSON records hold them. A field is quoted exactly when it must be
// (it holds a comma, a double quote, CR or LF), a quote doubled inside it.
// Written by hand rather than with csv-stringify because a whole filtered answer streams through it: the library is
// several times slower on the same rows (docs/benchmarks-take-away.md), and test/api/csv-rows.test.ts holds this writer to the
// library's output byte for byte (the options it replaces: CRLF records, casts of objects to JSON and booleans to 1/0),
// but for a field holding a CR or LF, which the library leaves bare when records end in CRLF and which RFC 4180 readers
// then take for the record's end.

const MUST_QUOTE = /[",\r\n]/;
const QUOTES = /"/g;

/** One field's text. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  switch (typeof value) {
    case 'string':
      text = value;
      break;
    case 'number':
    case 'bigint':
      return `${value}`;
    case 'boolean':
      return value ? '1' : '0';
    default:
      text = JSON.stringify(value);
  }
  return MUST_QUOTE.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

/** The header row (CRLF-terminated). */
export function csvHeader(columns: readonly string[]): string {
  return _row(columns);
}

/** CSV rows of parsed records, each record's `columns` in order. */
export function csvRows(columns: readonly string[], records: readonly Record<string, unknown>[]): string {
  let out = '';
  for (const record of records) {
    let line = '';
    for (let c = 0; c < columns.length; c++) {
      if (c > 0) line += ',';
      line += csvField(record[columns[c]!]);
    }
    out += `${line}\r\n`;
  }
  return out;
}

/** Single-field rows (lines of text before a table's header, say). */
export function csvLines(lines: readonly string[]): string {
  return lines.map((line) => `${csvField(line)}\r\n`).join('');
}

function _row(fields: readonly unknown[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
