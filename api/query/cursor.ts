// Opaque keyset cursors: `<base64url payload>.<base64url HMAC-SHA256 truncated to 16 bytes>`.
// Only base64url characters and one '.', so a cursor is both URL-safe and a safe file key, the name of the page file
// it leads to (export/layout.ts).
// The MAC binds the keyset position to the query and the export, so a cursor cannot be forged, moved to another
// query or replayed against a newer export (whose `_sort` keys may mean different rows).
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import type { ListRoute } from '../routes/types.ts';
import { ApiError } from '../errors.ts';
import type { CursorPayload } from './types.ts';

/** Bumped whenever the payload layout changes; older tokens then fail as invalid_cursor. */
const CURSOR_VERSION = 1;
const MAC_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]+$/;
// Cursors become file names; stay well under the usual 255-byte limit including `.json`.
const MAX_TOKEN_LENGTH = 240;

/** Mint a cursor for the row after `payload.after` in the query and export it names. */
export function toCursor(payload: CursorPayload, secret: string): string {
  const body = Buffer.from(JSON.stringify([CURSOR_VERSION, payload.query, payload.export, payload.after]), 'utf8')
    .toString('base64url');
  const token = `${body}.${_mac(body, secret).toString('base64url')}`;
  if (token.length > MAX_TOKEN_LENGTH) throw new Error(`cursor for key "${payload.after}" is too long for a file name`);
  return token;
}

/** Verify a cursor and return its payload; throws ApiError 400 invalid_cursor / cursor_expired. */
export function fromCursor(token: string, expect: { query: string; export: string }, secret: string): CursorPayload {
  const [query, exportId, after] = _verified(token, secret);
  // An older export's cursor is reported as expired even when the filters also differ: that is the likelier story.
  if (exportId !== expect.export) {
    throw new ApiError(400, 'cursor_expired', 'Parameter "cursor" was issued for an earlier data export; start again from the first page');
  }
  if (query !== expect.query) throw _invalid('belongs to a different query (filters must stay the same while paging)');
  return { after, query, export: exportId };
}

/** The export a cursor was issued for, when it is one of ours (MAC verified); null otherwise. Lets a gateway answer
 *  a walk begun on an earlier export from that export while it is kept. */
export function cursorExport(token: string, secret: string): string | null {
  try {
    return _verified(token, secret)[1];
  } catch {
    return null;
  }
}

/** [query, export, after] of an authentic cursor; throws invalid_cursor. */
function _verified(token: string, secret: string): [string, string, string] {
  const dot = token.indexOf('.');
  if (token.length > MAX_TOKEN_LENGTH || dot <= 0 || !B64URL.test(token.slice(0, dot)) || !B64URL.test(token.slice(dot + 1))) {
    throw _invalid('is malformed');
  }
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const mac = _mac(body, secret);
  // Canonical re-encoding check: base64url has several spellings of the same bytes; accept only ours.
  if (given.length !== MAC_BYTES || given.toString('base64url') !== token.slice(dot + 1) || !timingSafeEqual(given, mac)) {
    throw _invalid('has been altered or was not issued by this service');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw _invalid('is malformed');
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== CURSOR_VERSION || !parsed.slice(1).every((v) => typeof v === 'string')) {
    throw _invalid('has an unsupported version');
  }
  const [, query, exportId, after] = parsed as [number, string, string, string];
  return [query, exportId, after];
}

function _invalid(why: string): ApiError {
  return new ApiError(400, 'invalid_cursor', `Parameter "cursor" ${why}; pass the next_cursor value of a previous page unchanged`);
}

/**
 * Hash binding a cursor to a route and its normalised filters. Stable over parameter order; excludes `limit` so the
 * page size may change mid-walk, and the cursor itself.
 */
export function queryHash(route: ListRoute, filters: ReadonlyMap<string, string | number>): string {
  const entries = [...filters.entries()]
    .map(([k, v]) => [k, typeof v, String(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // crypto.hash is the one-shot form of createHash (the same digest without a Hash object per call)
  return hash('sha256', JSON.stringify([route.id, entries]), 'base64url').slice(0, 16);
}

function _mac(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(body).digest().subarray(0, MAC_BYTES);
}
