// Response bodies built by string concatenation from pre-serialised parts, so the site writer and the gateway
// produce byte-identical bodies for the same answer (and ETags agree) without re-serialising records.
import { ATTRIBUTION, ERROR_ATTRIBUTION, LICENCE } from '../licence.ts';
import type { ErrorCode } from '../errors.ts';
import type { RecordSource } from './records.ts';
import type { PageResult } from './types.ts';

// Serialised once: the same bytes end every body.
const TAIL = `,"licence":${JSON.stringify(LICENCE)},"attribution":${JSON.stringify(ATTRIBUTION)}}`;

/** List envelope: `{"data":[…],"next_cursor":…,"limit":…,"licence":…,"attribution":…}`. */
export function listBody(page: PageResult, limit: number): string {
  return `{"data":[${page.records.join(',')}],"next_cursor":${JSON.stringify(page.nextCursor)},"limit":${limit}${TAIL}`;
}

/** listBody as UTF-8 bytes. The envelope's end (the licence and attribution, a two-byte string) is encoded once, not
 *  with every body: joined to it, the page's own part would be copied into a two-byte string before encoding. */
export function listBodyBuffer(page: PageResult, limit: number): Buffer {
  const head = Buffer.from(`{"data":[${page.records.join(',')}],"next_cursor":${JSON.stringify(page.nextCursor)},"limit":${limit}`, 'utf8');
  return Buffer.concat([head, TAIL_BYTES], head.byteLength + TAIL_BYTES.byteLength);
}

/** listBody as UTF-8 bytes, the rows' records copied from `records` straight into the body, never decoded (the same
 *  bytes listBody's string encodes to). */
export function listBodyBytes(records: RecordSource, rows: readonly number[], nextCursor: string | null, limit: number): Buffer {
  // only the cursor and the limit vary: the licence and attribution (~1 kB, not Latin-1, so a two-byte string) are
  // encoded once, not per answer
  const middle = Buffer.from(`],"next_cursor":${JSON.stringify(nextCursor)},"limit":${limit}`, 'utf8');
  return records.joined(rows, LIST_HEAD, Buffer.concat([middle, TAIL_BYTES]));
}

const LIST_HEAD = Buffer.from('{"data":[', 'utf8');
const TAIL_BYTES = Buffer.from(TAIL, 'utf8');

/** Detail envelope around an already serialised record. */
export function detailBody(docJson: string): string {
  return `{"data":${docJson}${TAIL}`;
}

/** Error body: `{"error","message","licence","attribution"}`; the attribution is the short one (docs/errors.md,
 *  "Decisions"), the licence the full statement every body carries. */
export function errorBody(code: ErrorCode, message: string): string {
  return `{"error":${JSON.stringify(code)},"message":${JSON.stringify(message)}${ERROR_TAIL}`;
}

const ERROR_TAIL = `,"licence":${JSON.stringify(LICENCE)},"attribution":${JSON.stringify(ERROR_ATTRIBUTION)}}`;

/** Body of a non-paged collection such as /topics: `{"data":[…],"licence":…,"attribution":…}`. */
export function collectionBody(items: readonly unknown[]): string {
  return `{"data":${JSON.stringify(items)}${TAIL}`;
}

/** A computed document (a JSON object such as /insights/mayor-share/its) with licence and attribution added as its
 *  last members, the object's own members kept byte for byte. */
export function documentBody(objectJson: string): string {
  const json = objectJson.trim();
  if (!json.startsWith('{') || !json.endsWith('}')) throw new Error('a document body must be a JSON object');
  const inner = json.slice(1, -1).trim();
  return inner === '' ? `{${TAIL.slice(1)}` : `{${inner}${TAIL}`;
}
