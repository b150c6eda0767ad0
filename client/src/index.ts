// The typed client of the Toronto lobbying transparency API: openapi-fetch over the generated types (schema.ts), an
// optional API key sent in x-api-key, and `paginate`, which follows next_cursor to the end of a list.
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

export type ApiClient = Client<paths>;

/** A client for every endpoint: `client.GET('/communications', { params: { query: { member: 12 } } })`. */
export function createClient(options: ClientOptions): ApiClient {
  return createFetchClient<paths>({
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
