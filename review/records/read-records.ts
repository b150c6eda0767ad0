// The records a candidate joins, read from the night's warehouse for the candidate page: the published detail
// document of each end (what /api/v1 serves), and for a contribution the City's row itself, address included, which
// only the desk shows. The warehouse is opened read-only for each read and closed after: the night builds a new file
// and swaps it in, and a held connection would keep serving the old one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';

const contributionSql = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'contribution.sql'), 'utf8');

/** A link end's type → its detail table and its API path (a fixed map: no text of a request names a table). */
export const RECORD_KINDS: Readonly<Record<string, { table: string; apiPath: string }>> = {
  person: { table: 'api_people_detail', apiPath: 'people' },
  organization: { table: 'api_organizations_detail', apiPath: 'organizations' },
  registration: { table: 'api_registrations_detail', apiPath: 'registrations' },
  agenda_item: { table: 'api_agenda_items_detail', apiPath: 'agenda-items' },
  application: { table: 'api_applications_detail', apiPath: 'applications' },
  contract: { table: 'api_contracts_detail', apiPath: 'contracts' },
};

export interface LinkEnd {
  type: string;
  id: string;
  /** The published detail document, or null (a type without one, or not published). */
  doc: Record<string, unknown> | null;
  /** The API path of the record (…/people/63), or null. */
  apiPath: string | null;
}

export interface CandidateRecords {
  from: LinkEnd;
  to: LinkEnd;
  /** L7: the contribution row as the City published it (reviewer-only: it holds the address). */
  contribution: Record<string, unknown> | null;
}

export type RecordReader = (c: { from_type: string; from_id: string; to_type: string; to_id: string }) => Promise<CandidateRecords>;

export function warehouseRecords(warehousePath: string): RecordReader {
  return async (c) => {
    const wh = await openWarehouse(warehousePath, { readOnly: true, threads: 1 });
    try {
      const end = async (type: string, id: string): Promise<LinkEnd> => {
        const kind = RECORD_KINDS[type];
        if (!kind) return { type, id, doc: null, apiPath: null };
        const rows = await wh.all<{ doc: string }>(`select doc::varchar as doc from ${kind.table} where cast(id as varchar) = $id`, { id });
        return { type, id, doc: rows[0] ? JSON.parse(rows[0].doc) : null, apiPath: `/${kind.apiPath}/${encodeURIComponent(id)}` };
      };
      const contribution = c.from_type === 'contribution'
        ? (await wh.all<Record<string, unknown>>(contributionSql, { id: c.from_id }))[0] ?? null
        : null;
      return { from: await end(c.from_type, c.from_id), to: await end(c.to_type, c.to_id), contribution };
    } finally {
      wh.close();
    }
  };
}
