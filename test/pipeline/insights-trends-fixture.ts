// Hand-made published tables for the trend insight models (pipeline/models/insights/): the api_ tables and the few
// core tables they read, typed as the pipeline makes them, on an in-memory warehouse; then the models that build the
// trend tables run over them in the derived order.
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { runModelsFor } from '../helpers/models-for.ts';

type Value = string | number | null | readonly string[];
export type Row = Record<string, Value>;

/** Each table with its columns and DuckDB types, as the pipeline's tables have them. */
const TABLES: Record<string, Record<string, string>> = {
  int_export: { export_date: 'varchar', export_day: 'date', its_intervention_date: 'date' },
  api_topics: { id: 'varchar' },
  api_registrations: {
    id: 'varchar', status: 'varchar', topic: 'varchar', client_organization_id: 'integer', firm_organization_id: 'integer',
    subjects: 'varchar[]', initial_approval_date: 'date',
  },
  api_links: { task: 'varchar', from_id: 'varchar', to_id: 'varchar' },
  api_agenda_items: { id: 'varchar', meeting_date: 'date' },
  api_communications: {
    id: 'varchar', registration_id: 'varchar', lobbyist_person_id: 'integer', member_person_id: 'integer', date: 'date',
    first_seen_date: 'date',
  },
  int_terms: { term: 'varchar', start_date: 'date', end_date: 'date' },
  int_people: { id: 'integer', natural_key: 'varchar' },
  int_person_roles: { person_id: 'integer', role: 'varchar', start_date: 'date', end_date: 'date' },
  int_committee_memberships: { term: 'varchar', name_key: 'varchar', committee_code: 'varchar', start_date: 'date', end_date: 'date' },
  // L3 families (links layer): empty unless a test merges organisations; the insights then keep every id as it is
  int_organization_canonical: { organization_id: 'integer', canonical_id: 'integer', is_canonical: 'boolean', family_ids: 'integer[]' },
};

export type Fixture = Partial<Record<keyof typeof TABLES, Row[]>>;

/** 4.9 upcoming, lead times, topic volume; 4.5 mayor share and its ITS; 4.11 disclosure lag. */
const TREND_TABLES = ['api_insight_lead_times', 'api_insight_upcoming', 'api_insight_topic_volume', 'api_insight_mayor_share',
  'api_insight_mayor_share_its', 'api_insight_disclosure_lag'];

/** A warehouse holding the fixture's rows (every table created, empty where not given), with the models run. */
export async function trendWarehouse(fixture: Fixture): Promise<Warehouse> {
  const wh = await openWarehouse(':memory:');
  for (const [table, columns] of Object.entries(TABLES)) {
    await wh.exec(`create table ${table} (${Object.entries(columns).map(([c, t]) => `"${c}" ${t}`).join(', ')})`);
    for (const row of fixture[table as keyof typeof TABLES] ?? []) {
      const names = Object.keys(row);
      for (const n of names) if (!(n in columns)) throw new Error(`${table} has no column ${n}`);
      await wh.exec(`insert into ${table} (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map((n) => literal(row[n]!)).join(', ')})`);
    }
  }
  await runModelsFor(wh, TREND_TABLES);
  return wh;
}

/** The fixture's export: 2026-11-20, intervention at the default 2022-11-23 unless given. */
export function exportRow(exportDay = '2026-11-20', intervention = '2022-11-23'): Row {
  return { export_date: exportDay, export_day: exportDay, its_intervention_date: intervention };
}

function literal(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => literal(x)).join(', ')}]::varchar[]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
