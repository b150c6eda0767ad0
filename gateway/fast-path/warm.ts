// Warm-up before the listener accepts: the requests clients start with (the static documents, the first canonical
// page of every list, an engine page per list, one document per detail route) are answered once (files in every
// coding, engine pages in identity), then further canonical pages of every list in turn until a time budget is spent.
// The caches then hold those bytes and the files' compressed twins; without it the first burst after a start pays
// for all of that at once and queues. The answers come from the fast path's own choice of representation
// (listener.ts warmGet): no HTTP, no rate limit, nothing sent.
// Why not real requests, and why no compression here: the warm-up runs before any client, and what runs first shapes
// the machine code V8 keeps for Node's stream internals. Warming through requests (the app's fetch with web
// Request/Response objects, or an HTTP client on a loopback socket) or through zlib's stream-based async compression
// left that code on slow paths under the load that followed (perf: Runtime_DefineKeyedOwnPropertyInLiteral and
// JSObject::MigrateToMap from nextTick and onwrite), in most fresh starts (docs/benchmarks-edge.md).
import { routes } from '../../api/routes.ts';
import { answeringFile } from '../../export/answering-file.ts';
import type { ListRoute, Route } from '../../api/routes/types.ts';

/** GET a path under the API root (`/organizations?limit=7`) with this Accept-Encoding (null: none): its status and
 *  body bytes as sent. */
export type WarmGet = (path: string, acceptEncoding: string | null) => Promise<{ status: number; body: Uint8Array }>;

export interface WarmOptions {
  /** Time after which no further canonical page is warmed (the essential requests always run). Default 2,000 ms. */
  budgetMs?: number;
  registry?: readonly Route[];
}

export interface WarmResult {
  requests: number;
  /** Answers that were not 200 (a route whose data this export lacks); counted, not fatal. */
  failed: number;
  ms: number;
}

// The codings clients ask for: br and gzip variants are cached apart from the identity bytes (a canonical file's are
// its twins, read from disk).
const CODINGS = ['br', 'gzip', null];

/** Answer the warm-up requests through `get`. */
export async function warmUp(get: WarmGet, options: WarmOptions = {}): Promise<WarmResult> {
  const registry = options.registry ?? routes;
  const started = performance.now();
  let requests = 0;
  let failed = 0;
  /** The identity body of `path` (null unless 200), after asking for it in `codings` (default every coding). */
  const everyCoding = async (path: string, codings: readonly (string | null)[] = CODINGS): Promise<string | null> => {
    let identity: string | null = null;
    for (const coding of codings) {
      requests++;
      const res = await get(path, coding);
      if (res.status !== 200) failed++;
      else if (coding === null) identity = Buffer.from(res.body.buffer, res.body.byteOffset, res.body.byteLength).toString('utf8');
    }
    return identity;
  };

  const walks: { route: ListRoute; cursor: string }[] = [];
  for (const route of registry) {
    if (route.kind === 'static') await everyCoding(route.path);
    if (route.kind !== 'list' || route.params.some((p) => p.required)) continue;
    const first = _page(await everyCoding(route.path));
    if (first.nextCursor) walks.push({ route, cursor: first.nextCursor });
    // an engine answer (a page size the canonical walk has no file for) and the document of its first record whose
    // id is its own file key (the others are found through the app's id index, which is not the fast path's)
    // (in identity only: compressing an engine answer here would run zlib's stream machinery before any client has
    // been served, which is one way to the slow paths described at the top of this file)
    const engine = _page(await everyCoding(`${route.path}?limit=7`, [null]));
    const detail = registry.find((r) => r.kind === 'detail' && r.path === `${route.path}/{id}`);
    const id = detail && engine.ids.find((candidate) => answeringFile(detail, '', candidate) !== null);
    if (id !== undefined) await everyCoding(`${route.path}/${id}`);
  }
  // later canonical pages, one per list in turn, while the budget lasts
  const budgetMs = options.budgetMs ?? 2_000;
  while (walks.length > 0 && performance.now() - started < budgetMs) {
    const walk = walks.shift()!;
    const page = _page(await everyCoding(`${walk.route.path}?cursor=${walk.cursor}`));
    if (page.nextCursor) walks.push({ route: walk.route, cursor: page.nextCursor });
  }
  return { requests, failed, ms: Math.round(performance.now() - started) };
}

function _page(body: string | null): { nextCursor: string | null; ids: string[] } {
  if (body === null) return { nextCursor: null, ids: [] };
  const page = JSON.parse(body) as { next_cursor?: unknown; data?: { id?: unknown }[] };
  return {
    nextCursor: typeof page.next_cursor === 'string' ? page.next_cursor : null,
    ids: (page.data ?? []).flatMap(({ id }) => (typeof id === 'string' || typeof id === 'number' ? [String(id)] : [])),
  };
}
