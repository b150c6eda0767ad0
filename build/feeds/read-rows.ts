// Reads the rows the feeds are made of from the warehouse's published tables (build/feeds/sql/): registrations by the
// date the registry first showed them, communications by their first sighting, registrations that entered their
// upcoming window, and the topic taxonomy. Every name comes from a published table.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';

export interface RegistrationRow {
  id: string;
  shown_date: string;
  sm_digits: number;
  client_organization_id: number | null;
  client_name: string | null;
  firm_organization_id: number | null;
  firm_name: string | null;
  lobbyist_person_id: number | null;
  lobbyist_name: string | null;
  type: string | null;
  status: string | null;
  subjects: string[];
  topic: string | null;
  topic_label: string | null;
  summary: string | null;
  ward: number | null;
  wards: number[];
  initial_approval_date: string | null;
}

export interface CommunicationRow {
  id: string;
  registration_id: string;
  shown_date: string;
  date: string | null;
  method: string | null;
  office_holder_type: string;
  office_holder_raw: string | null;
  office: string | null;
  member_person_id: number | null;
  member_name: string | null;
  member_office: number;
  lobbyist_person_id: number | null;
  lobbyist_name: string | null;
  client_organization_id: number | null;
  client_name: string | null;
  firm_organization_id: number | null;
  topic: string | null;
  topic_label: string | null;
}

export interface UpcomingRow {
  id: string;
  shown_date: string;
  sm_digits: number;
  topic: string | null;
  topic_label: string | null;
  client_organization_id: number | null;
  client_name: string | null;
  initial_approval_date: string | null;
  basis: string;
  window_start: string;
  window_end: string | null;
  overdue: number | null;
}

export interface FeedTopic {
  id: string;
  label: string;
}

export interface FeedRows {
  registrations: RegistrationRow[];
  communications: CommunicationRow[];
  upcoming: UpcomingRow[];
  topics: FeedTopic[];
}

const SQL_DIR = path.join(import.meta.dirname, 'sql');

/** The feeds' rows from the warehouse (read-only). */
export async function readFeedRows(wh: Warehouse): Promise<FeedRows> {
  const run = async <T>(name: string) => wh.all<T>(await readFile(path.join(SQL_DIR, `${name}.sql`), 'utf8'));
  return {
    registrations: await run<RegistrationRow>('feed_registrations'),
    communications: await run<CommunicationRow>('feed_communications'),
    upcoming: await run<UpcomingRow>('feed_upcoming'),
    topics: await wh.all<FeedTopic>('select id, label from api_topics order by id'),
  };
}
