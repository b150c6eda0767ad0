// Reads a TMMIS JSON file (one file at a time in memory): encoding repaired, API envelope or bare array accepted.
import fs from 'node:fs/promises';
import { decodeMixed } from '../../lib/encoding.ts';

export type JsonRecords = { records: unknown[] } | { error: string };

/** The records of a file: `Records` of the API envelope, or the array itself. */
export async function readJsonRecords(file: string): Promise<JsonRecords> {
  let doc: unknown;
  try {
    doc = JSON.parse(decodeMixed(await fs.readFile(file)));
  } catch (err) {
    return { error: `json parse error: ${(err as Error).message}` };
  }
  if (Array.isArray(doc)) return { records: doc };
  const records = (doc as { Records?: unknown } | null)?.Records;
  if (Array.isArray(records)) return { records };
  return { error: 'not a record list (neither an array nor an envelope with Records)' };
}

/** A JSON scalar as source text (numbers and booleans as written; objects and arrays are not text). */
export function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
