// The per-run data-quality report: quarantined records and nulled values by source and reason, model row
// counts, check results and unresolved office holders. Rejected values found by SQL join the quarantine table.
import type { CheckResult } from './checks.ts';
import type { ModelRun } from './models.ts';
import { quoteIdent, type Warehouse } from '../db/warehouse.ts';

export interface QualityReport {
  export_date: string;
  run_id: string;
  quarantine_total: number;
  /** Files that could not be read whole (each also one quarantine entry without position). */
  file_problems_total: number;
  file_problems: { source: string; source_file: string; reason: string; rows: number }[];
  value_issues_total: number;
  quarantine: { source: string; reason: string; records: number }[];
  value_issues: { source: string; reason: string; values: number }[];
  unresolved_office_holders: Record<string, unknown>[];
  /** Share of sites per geocoding method (exact, nearest_number, source, unresolved). */
  geocoding_methods: Record<string, unknown>[];
  sources: unknown;
  models: ModelRun[];
  checks: { check: string; failures: number }[];
}

/** Move rejected qa rows into quarantine, then summarise everything. Every `qa_*_values` model (columns source,
 *  source_file, source_position, severity, reason, excerpt) takes part. */
export async function writeQualityReport(
  wh: Warehouse,
  input: {
    sources: { files: readonly { source: string; sourceFile: string; reason: string; rows: number }[] };
    runs: ModelRun[]; checks: CheckResult[]; meta: { export_date: string; run_id: string };
  },
): Promise<QualityReport> {
  const tables = await wh.all<{ t: string }>(`select table_name as t from duckdb_tables()
    where table_name like 'qa\\_%values' escape '\\' order by table_name`);
  await wh.exec(`create or replace temp view qa_all_values as ${tables.map(({ t }) =>
    `select source, source_file, cast(source_position as bigint) as source_position, severity, reason, excerpt from ${quoteIdent(t)}`)
    .join(' union all ')}`);
  // a qa rule's excerpt is the rejected record's key (an SM number, a communication or item id), so it is its record_key
  await wh.exec(`insert into quarantine (source, source_file, source_position, reason, excerpt, record_key)
    select source, source_file, source_position, reason, excerpt, excerpt from qa_all_values where severity = 'rejected'`);
  // reasons carry values (dates, ids); group by their stable prefix so the report stays readable
  const quarantine = await wh.all<{ source: string; reason: string; records: number }>(`
    select source, regexp_replace(reason, '"[^"]*"|SM\\d+', '…', 'g') as reason, count(*)::integer as records
    from quarantine group by all order by source, records desc`);
  const valueIssues = await wh.all<{ source: string; reason: string; values: number }>(`
    select source, regexp_replace(reason, '"[^"]*"', '…', 'g') as reason, count(*)::integer as "values"
    from qa_all_values where severity = 'value_nulled' group by all order by source, "values" desc`);
  const unresolved = await wh.all(`select office_holder_type, reason, communications::integer as communications
    from qa_unresolved_office_holders order by all`);
  const geocoding = await wh.all(`select geocode_method, sites::integer as sites, share from qa_geocoding_methods
    where source = 'all' order by geocode_method`);
  return {
    ...input.meta,
    geocoding_methods: geocoding,
    quarantine_total: quarantine.reduce((n, r) => n + r.records, 0),
    file_problems_total: input.sources.files.length,
    file_problems: input.sources.files.map((f) => ({ source: f.source, source_file: f.sourceFile, reason: f.reason, rows: f.rows })),
    value_issues_total: valueIssues.reduce((n, r) => n + r.values, 0),
    quarantine,
    value_issues: valueIssues,
    unresolved_office_holders: unresolved,
    sources: input.sources,
    models: input.runs,
    checks: input.checks.map(({ check, failures }) => ({ check, failures })),
  };
}
