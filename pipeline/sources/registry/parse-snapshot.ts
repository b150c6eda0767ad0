// Parses one snapshot: the id-only pass (communication ids for the sightings) or the full parse into src rows.
import { createMixedDecoder } from '../../lib/encoding.ts';
import type { FileProblem, QuarantineEntry } from '../common/quarantine.ts';
import { appendRecordRows, checkRecord, communicationsOf, emptyRegistryRows, smNumberOf, type RegistryRows } from './record-rows.ts';
import type { RecordCache } from './record-cache.ts';
import { createRecordSkipper } from './record-skipper.ts';
import { readSnapshot, type EntrySink, type Snapshot } from './snapshot-files.ts';
import type { Sighted } from './types.ts';
import { createRecordReader, recordRoots, toXmlExcerpt, type XmlRecord } from './xml-records.ts';
import { ZipDeclined } from './zip-entries.ts';

export interface SnapshotParse {
  sha256: string;
  xmlBytes: number;
  ms: number;
  records: number;
  sightings: Sighted[];
  /** Full parse only. */
  rows: RegistryRows | null;
  /** Records that cannot be loaded; the caller stores them only for the snapshot it loads. */
  quarantine: QuarantineEntry[];
  /** Files of the snapshot that could not be read whole (the ZIP, or an XML file in it). */
  fileProblems: FileProblem[];
}

// The id-only pass builds just the path to SMNumber and to the communication fields that feed the id.
const ID_PATH = new Set(['smxml', 'sm', 'smnumber', 'communications', 'communication']);
const ID_FIELDS = new Set(['POH_Office', 'POH_Type', 'POH_Position', 'POH_Name', 'CommunicationMethod',
  'CommunicationDate', 'CommunicationGroupId', 'LobbyistNumber'].map((f) => f.toLowerCase()));
const keepForIds = (parentKey: string, key: string) =>
  ID_PATH.has(key) || (parentKey === 'communication' && ID_FIELDS.has(key));

/**
 * Parse one snapshot. `mode: 'ids'` collects only communication ids, taking records it has met before from `cache`
 * without parsing them (its sightings are then the cache's interned objects); `'full'` also builds every src row.
 */
export async function parseSnapshot(snapshot: Snapshot, mode: 'ids' | 'full', cache?: RecordCache): Promise<SnapshotParse> {
  const started = performance.now();
  let parsed: SnapshotParse;
  try {
    parsed = await parseOnce(snapshot, mode, mode === 'ids' ? cache : undefined, true);
  } catch (err) {
    // A ZIP that looked plain but is damaged inside: read it again, all of it, as the streaming reader sees it.
    if (!(err instanceof ZipDeclined)) throw err;
    parsed = await parseOnce(snapshot, mode, mode === 'ids' ? cache : undefined, false);
  }
  return { ...parsed, ms: performance.now() - started };
}

async function parseOnce(snapshot: Snapshot, mode: 'ids' | 'full', cache: RecordCache | undefined, native: boolean): Promise<SnapshotParse> {
  const rows = mode === 'full' ? emptyRegistryRows() : null;
  const sightings: Sighted[] = [];
  const quarantine: QuarantineEntry[] = [];
  const fileProblems: FileProblem[] = [];
  let records = 0;
  let entries = 0;

  const open = (entryName: string): EntrySink => {
    const sourceFile = snapshot.zipPath ? `${snapshot.file}!/${entryName}` : `${snapshot.file}/${entryName}`;
    const fileKind = /closed/i.test(entryName) ? 'closed' : /active/i.test(entryName) ? 'active' : null;
    entries++;
    const reject = (position: number, reason: string, excerpt: string) =>
      quarantine.push({ source: 'registry', sourceFile, sourcePosition: position, reason, excerpt });
    const onRecord = (record: XmlRecord, text?: string) => {
      const roots = recordRoots(record.root);
      const seen: Sighted[] = [];
      let clean = true;
      for (const root of roots) {
        records++;
        const reason = checkRecord(record, root);
        if (reason) {
          const where = record.errors[0] ? `[${record.errors[0]}] ` : '';
          reject(record.position, reason, where + toXmlExcerpt(root));
          clean = false;
          continue;
        }
        if (rows) appendRecordRows(rows, root, record.position, { sourceFile, fileKind, snapshotDate: snapshot.date });
        const sm = smNumberOf(root);
        for (const { key, id } of communicationsOf(root, sm)) {
          const fresh = { communication_id: id, sm_number: sm, communication_date: key.communication_date };
          const sighted = cache ? cache.intern(fresh) : fresh;
          sightings.push(sighted);
          seen.push(sighted);
        }
      }
      // Only a clean record is remembered: what a damaged one yields may depend on the record before it.
      if (cache && text !== undefined && clean) cache.set(text, { records: roots.length, sightings: seen });
    };
    const reader = createRecordReader({
      keep: mode === 'ids' ? keepForIds : undefined,
      remember: cache !== undefined,
      onRecord,
      onProblem: (p) => {
        if (p.file) fileProblems.push({ source: 'registry', sourceFile, reason: p.reason, rows: reader.count });
        else reject(p.position, p.reason, p.excerpt);
      },
    });
    const decoder = createMixedDecoder();
    if (cache) {
      return createRecordSkipper(reader, decoder, cache, (known) => {
        records += known.records;
        for (const s of known.sightings) sightings.push(s);
      });
    }
    return {
      write: (chunk) => reader.write(decoder.write(chunk)),
      end: () => {
        reader.write(decoder.end());
        reader.end();
      },
    };
  };

  const read = await readSnapshot(snapshot, open, { native });
  if (read.error) fileProblems.push({ source: 'registry', sourceFile: snapshot.file, reason: 'broken zip file', rows: records, detail: read.error });
  else if (entries === 0) fileProblems.push({ source: 'registry', sourceFile: snapshot.file, reason: 'no XML file in the snapshot', rows: 0 });
  return { sha256: read.sha256, xmlBytes: read.xmlBytes, ms: 0, records, sightings, rows, quarantine, fileProblems };
}
