// The typed client of the Toronto lobbying transparency API: openapi-fetch over the generated types (schema.ts), an
// optional API key sent in x-api-key, `paginate`, which follows next_cursor to the end of a list, and `takeAway`, a
// list's whole answer as CSV or JSON Lines (an extension of v1: docs/take-away.md).
import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export interface ClientOptions {
  /** The API's base URL, ending in /api/v1. */
  baseUrl: string;
  /** A free key raises the rate limit from 60 to 600 requests per minute. */
  apiKey?: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof globalThis.fetch;
}

/** JSON answers are what `GET` types (the lists' CSV and JSON Lines forms are `takeAway`'s). */
export type ApiClient = Client<paths, 'application/json'>;

/** A client for every endpoint: `client.GET('/communications', { params: { query: { member: 12 } } })`. */
export function createClient(options: ClientOptions): ApiClient {
  return createFetchClient<paths, 'application/json'>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.apiKey ? { 'x-api-key': options.apiKey } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** Paths whose GET answers a page: `{ data: [...], next_cursor }`. */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': { next_cursor: unknown } } } } } } ? P : never;
}[keyof paths];

type PageOf<P extends ListPath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;
type RecordOf<P extends ListPath> = PageOf<P> extends { data: (infer R)[] } ? R : never;
type QueryOf<P extends ListPath> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Omit<NonNullable<Q>, 'cursor'> : never;

/** Every record of a list endpoint for a query, page after page until next_cursor is null. */
export async function* paginate<P extends ListPath>(client: ApiClient, path: P, query?: QueryOf<P>): AsyncGenerator<RecordOf<P>> {
  let cursor: string | undefined;
  for (;;) {
    const { data, error, response } = await (client.GET as (p: string, o: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>)(
      path, { params: { query: { ...(query ?? {}), ...(cursor ? { cursor } : {}) } } });
    if (error || !data) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(error)}`);
    const page = data as { data: RecordOf<P>[]; next_cursor: string | null };
    yield* page.data;
    if (page.next_cursor === null) return;
    cursor = page.next_cursor;
  }
}

/** A list's whole answer for a query (every matching row, not a page) as CSV or JSON Lines: the Response, whose body
 *  streams (`await res.text()`, or `res.body` piped to a file). Not one page: no limit or cursor. CSV opens with two
 *  lines naming the licence and the attribution, then the header row. A 400 (too_many_rows past the gateway's cap) or
 *  429 (a whole answer costs a request per 500 rows) throws with the error body. */
export async function takeAway<P extends ListPath>(client: ApiClient, path: P, query: Omit<QueryOf<P>, 'limit' | 'format'>,
  format: 'csv' | 'jsonl'): Promise<Response> {
  const { error, response } = await (client.GET as (p: string, o: object) => Promise<{ error?: unknown; response: Response }>)(
    path, { params: { query: { ...query, format } }, parseAs: 'stream' });
  if (error !== undefined || !response.ok) throw new Error(`GET ${path} (format=${format}) answered ${response.status}: ${JSON.stringify(error)}`);
  return response;
}
