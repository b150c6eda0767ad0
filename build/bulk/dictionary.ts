// dictionary.md: the export's data dictionary for people (datapackage.json is the same for machines): what each file
// holds, how to load it, and every column of every table with its type, whether it can be empty, its values and its
// meaning. Written from the route registry and the schemas, so it cannot drift from what the API serves.
import type { ListRoute } from '../../api/routes/types.ts';
import { primaryKeyOf } from '../../api/routes/define.ts';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { tableColumns } from '../../api/table-columns.ts';
import { bulkBaseName } from '../../export/bulk-names.ts';
import type { TableFile } from './table-files.ts';

export interface DictionaryInput {
  exportId: string;
  exportDate: string;
  tables: { route: ListRoute; files: TableFile[]; changes: { added: number; changed: number; removed: number } }[];
  /** Other files of the export, name → what it holds. */
  others: Record<string, string>;
  previousExportId: string | null;
}

/** The Markdown text. */
export function toDictionary(input: DictionaryInput): string {
  const out: string[] = [
    `# Data dictionary: export ${input.exportId}`,
    '',
    `Nightly export of the Toronto lobbying transparency API, data as of ${input.exportDate}. Every table the API publishes is`,
    'here in three formats with the same rows and values the API returns when every page is walked:',
    '',
    '- `<table>.csv`: RFC 4180 CSV, UTF-8, CRLF line ends, a header row; an empty field is null; lists and objects',
    '  (aliases, evidence…) are JSON text. Dates are `YYYY-MM-DD`. Also as `<table>.csv.gz`.',
    '- `<table>.jsonl`: JSON Lines, one API record per line, byte for byte as the API serves it. Also `.jsonl.gz`.',
    '- `<table>.parquet`: Parquet with typed columns (BIGINT, DOUBLE, DATE, VARCHAR, lists; JSON for objects).',
    '- `<table>-changes.csv`: rows added, changed (the record differs) or removed since the previous export' +
      (input.previousExportId ? ` (${input.previousExportId})` : ' (there was none: every row is added)') + ', by primary key.',
    '',
    'Load a table into DuckDB with its types (`datapackage.json` has them for every column):',
    '',
    '```sql',
    "select * from read_parquet('communications.parquet');",
    "select * from read_csv('communications.csv', header = true, types = {'date': 'DATE', 'member_person_id': 'BIGINT'});",
    '```',
    '',
    'pandas: `pd.read_parquet("communications.parquet")`; R: `arrow::read_parquet("communications.parquet")`; a spreadsheet',
    'opens the CSV directly. Check a download against `manifest.json` (or `GET /bulk`): bytes and SHA-256 of every file.',
    '',
    ...Object.entries(input.others).map(([name, text]) => `- \`${name}\`: ${text}`),
    '',
    `Licence: ${LICENCE}`,
    '',
    `Attribution: ${ATTRIBUTION}`,
    '',
  ];
  for (const { route, files, changes } of input.tables) out.push(..._table(route, files, changes));
  return `${out.join('\n')}\n`;
}

function _table(route: ListRoute, files: TableFile[], changes: DictionaryInput['tables'][number]['changes']): string[] {
  const base = bulkBaseName(route.resource);
  const rows = files[0]?.rows ?? 0;
  const sizes = files.map((f) => `\`${f.name}\` ${_size(f.digest.bytes)}`).join(', ');
  return [
    `## ${base}`,
    '',
    `${route.summary}. Served at \`GET ${route.path}\`${route.description ? `; ${route.description}` : '.'}`,
    '',
    `${rows.toLocaleString('en')} rows, ordered by ${route.order}; primary key \`${primaryKeyOf(route).join(', ')}\`. ` +
      `Files: ${sizes}. Since the previous export: ${changes.added} added, ${changes.changed} changed, ${changes.removed} removed.`,
    '',
    '| column | type | empty? | values | meaning |',
    '|---|---|---|---|---|',
    ...tableColumns(route).map((c) => `| \`${c.name}\` | ${c.frictionless} (${c.duckdb}) | ${c.nullable ? 'may be empty' : 'never'} | ` +
      `${c.values ? c.values.map((v) => `\`${v}\``).join(', ') : c.pattern ? `pattern \`${c.pattern}\`` : ''} | ${_cell(c.description)} |`),
    '',
  ];
}

function _size(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

function _cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
