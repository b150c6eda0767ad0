// The changes file of one table since the previous export: every row added, changed (its record's bytes differ) or
// removed, named by the table's primary key. Deletions matter: a registration or communication that disappears
// from the registry disappears here in writing, not silently. Read from the previous export's JSON Lines file.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { stringify } from 'csv-stringify/sync';

export interface ChangeCounts {
  added: number;
  changed: number;
  removed: number;
}

export interface Changes {
  counts: ChangeCounts;
  /** CSV text: `change` then the key fields, added and changed rows in the table's order, then removed ones. */
  csv: string;
}

/** Compare this export's records with the previous export's JSON Lines file (absent: every row is added). */
export async function diffRecords(records: readonly string[], key: readonly string[], previousJsonl: string | null): Promise<Changes> {
  const before = previousJsonl && existsSync(previousJsonl) ? await _hashesOf(previousJsonl, key) : new Map<string, { hash: string; values: unknown[] }>();
  const rows: unknown[][] = [];
  const counts: ChangeCounts = { added: 0, changed: 0, removed: 0 };
  const seen = new Set<string>();
  for (const json of records) {
    const { id, values } = _keyOf(json, key);
    seen.add(id);
    const old = before.get(id);
    if (!old) {
      rows.push(['added', ...values]);
      counts.added++;
    } else if (old.hash !== _hash(json)) {
      rows.push(['changed', ...values]);
      counts.changed++;
    }
  }
  for (const [id, old] of before) {
    if (seen.has(id)) continue;
    rows.push(['removed', ...old.values]);
    counts.removed++;
  }
  return { counts, csv: _changesCsv(key, rows) };
}

/** The changes of a table whose records are byte-identical to the previous export's: none (the same file
 *  diffRecords writes then, without reading the previous file). */
export function noChanges(key: readonly string[]): Changes {
  return { counts: { added: 0, changed: 0, removed: 0 }, csv: _changesCsv(key, []) };
}

function _changesCsv(key: readonly string[], rows: unknown[][]): string {
  const cast = { object: (v: object) => JSON.stringify(v), boolean: (v: boolean) => (v ? '1' : '0') };
  return stringify([['change', ...key], ...rows], { record_delimiter: 'windows', cast });
}

async function _hashesOf(file: string, key: readonly string[]): Promise<Map<string, { hash: string; values: unknown[] }>> {
  const out = new Map<string, { hash: string; values: unknown[] }>();
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    const { id, values } = _keyOf(line, key);
    out.set(id, { hash: _hash(line), values });
  }
  return out;
}

function _keyOf(json: string, key: readonly string[]): { id: string; values: unknown[] } {
  const record = JSON.parse(json) as Record<string, unknown>;
  const values = key.map((k) => record[k] ?? null);
  return { id: JSON.stringify(values), values };
}

function _hash(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}
