// The fast path: most traffic asks for a file the export holds (export/answering-file.ts says which), a filtered
// list page or a search, and none of these answers needs a routing framework. This Node listener answers exactly those
// requests: it counts the hit with the app's limiter, takes the file's representation in the negotiated coding from
// the export (held, or read once and then held) or the engine's answer from the app's own serveList or serveSearch, and
// finishes it with finishAnswer (gateway/http/respond.ts) like every other answer, so status, headers and bytes are
// the h3 path's.
// Anything else (another method, an unusual target, a file the export does not list, a refused or uncounted hit, an
// error such as a malformed filter) goes to the h3 app unchanged, with the hit already counted so it counts once.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DetailRoute, ListRoute, Route, SearchRoute, StaticRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import { mayAskTakeAway } from '../../api/take-away.ts';
import type { CachePolicy } from '../http/cache-control.ts';
import { getClientIp } from '../rate-limit/client-ip.ts';
import { negotiateEncoding } from '../http/negotiate.ts';
import { serveList } from '../routes/pages.ts';
import { serveSearch } from '../routes/search.ts';
import type { RateLimiter, RateLimitResult } from '../rate-limit/limiter.ts';
import { chooseBody, finishAnswer, type RequestFacts } from '../http/respond.ts';
import { toH3Path } from '../routes/routing.ts';
import type { Representation } from '../../export/representations.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import type { ExportHolder } from '../../export/serve/export-holder.ts';
import type { WarmGet } from './warm.ts';
import { isReferencePath } from '../reference/paths.ts';

export interface FastPathDeps {
  routes: readonly Route[];
  basePath: string;
  /** The API's public base URL (a search hit's url is made from it). */
  baseUrl: string;
  /** The exports the site folder holds: the live one (`current`) and the kept ones a cursor walk may need. */
  site: ExportHolder;
  limiter: RateLimiter;
  clock: () => number;
  cachePolicy: CachePolicy;
  trustProxyHops: number;
  maxUrlBytes: number;
  /** Where a request the fast path does not answer goes (the h3 app), with its hit counted if it was. */
  next: (req: IncomingMessage, res: ServerResponse, counted: RateLimitResult | null) => unknown;
}

/** The route a whole path names (a static document, a list or the search); a detail's is found by its path's prefix. */
type Target = StaticRoute | ListRoute | SearchRoute;

/** A representation (a file's or an engine answer's) with the export it is from. */
type FromExport = readonly [from: OpenedExport, representation: Representation];

export interface FastPath {
  /** The Node request listener: answers canonical files, filtered pages and searches, hands everything else to
   *  `deps.next`. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  warmGet: WarmGet;
}

export function createFastPath(deps: FastPathDeps): FastPath {
  const exact = new Map<string, Target>();
  const detailPrefixes = new Map<string, DetailRoute>(); // `${basePath}/${resource}/` → its detail route
  for (const route of deps.routes) {
    // the path h3 routes the route under (a detail's ends in its id parameter, of which the prefix is kept)
    const full = toH3Path(deps.basePath, route);
    if (route.kind === 'static') {
      exact.set(full, route);
      // the API root is routed without its trailing slash, and answered the same with it (its canonical spelling)
      if (route.path === '/') exact.set(`${deps.basePath}/`, route);
    }
    else if (route.kind === 'list' || route.kind === 'search') exact.set(full, route);
    else if (route.kind === 'detail') detailPrefixes.set(full.slice(0, full.lastIndexOf('/') + 1), route);
  }
  // A connection's address is the same for every request it carries: its client address is worked out once (only
  // without trusted proxies; behind them the address is read from each request's X-Forwarded-For).
  const addressOf = new WeakMap<object, string>();

  /** The file that answers a GET of `url` (the export may not hold it), or null when no file does. */
  function answeringFileOf(url: string): string | null {
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    const target = exact.get(pathname);
    if (target) return answeringFile(target, query);
    const slash = pathname.lastIndexOf('/');
    const route = detailPrefixes.get(pathname.slice(0, slash + 1));
    // ids that are not their own file key (escaped, or holding a slash) take the h3 path and its id index
    return route === undefined ? null : answeringFile(route, query, pathname.slice(slash + 1));
  }

  /** A list route's filtered query (not a canonical page) or a search: its route and query string, or null. */
  function queryOf(url: string): { route: ListRoute | SearchRoute; search: string } | null {
    const q = url.indexOf('?');
    const target = q < 0 ? undefined : exact.get(url.slice(0, q));
    return target?.kind === 'list' || target?.kind === 'search' ? { route: target, search: url.slice(q + 1) } : null;
  }

  /** What the fast path answers for a GET of `url`: at once when the file is held, later when it is read or the
   *  engine answers; null when the request is the app's (a path the export does not list, an engine error). */
  function choose(url: string, acceptEncoding: string | null): FromExport | null | Promise<FromExport | null> {
    const live = deps.site.current();
    if (!live) return null;
    const rel = answeringFileOf(url);
    if (rel === null) {
      const query = queryOf(url);
      return query && chooseQuery(query.route, query.search, acceptEncoding);
    }
    // the export gives a file without twins in identity whatever coding is asked (its representation says which)
    const encoding = negotiateEncoding(acceptEncoding);
    const held = live.peek(rel, encoding);
    if (held) return [live, held];
    return live.represent(rel, encoding).then((loaded) => loaded && [live, loaded]);
  }

  /** A filtered page or a search from the engine (or its answer cache), on the export a cursor names as the app
   *  chooses it; any error (a malformed filter, query or cursor) is left to the app, which answers it by its rules. */
  async function chooseQuery(route: ListRoute | SearchRoute, search: string, acceptEncoding: string | null): Promise<FromExport | null> {
    const params = new URLSearchParams(search);
    const opened = await deps.site.forCursor(params.get('cursor'));
    if (!opened) return null;
    const answered = route.kind === 'list' ? serveList(opened, route, params) : serveSearch(opened, route, params, deps.baseUrl);
    const reply = await answered.catch(() => null);
    if (!reply?.body) return null;
    return [opened, await chooseBody(reply, reply.body, acceptEncoding)];
  }

  /** Answer the request; true when answered at once, false when it is not the fast path's, or a promise of either
   *  when the file is read first (then held for the requests after it) or the engine answers. */
  function answer(req: IncomingMessage, res: ServerResponse, counted: RateLimitResult): boolean | Promise<boolean> {
    // a refused, unknown-key or uncounted hit is answered by the app's own rules
    if (counted.limited || counted.invalidKey || counted.storeDown) return false;
    // a whole answer (format=, or Accept naming CSV or JSON Lines) is streamed by the app (gateway/take-away/)
    if (req.url!.includes('format=') || mayAskTakeAway(req.headers.accept)) return false;
    const acceptEncoding = _header(req, 'accept-encoding');
    const chosen = choose(req.url!, acceptEncoding);
    if (chosen === null) return false;
    if (!(chosen instanceof Promise)) return send(req, res, chosen, acceptEncoding, counted);
    return chosen.then((c) => c !== null && send(req, res, c, acceptEncoding, counted));
  }

  function send(req: IncomingMessage, res: ServerResponse, [from, chosen]: FromExport, acceptEncoding: string | null,
    counted: RateLimitResult): true {
    const facts: RequestFacts = { method: req.method!, acceptEncoding, ifNoneMatch: _header(req, 'if-none-match') };
    const finished = finishAnswer({ status: 200, from }, chosen, facts, { cachePolicy: deps.cachePolicy, rateLimit: counted, now: deps.clock() });
    res.writeHead(finished.status, finished.headers);
    res.end(finished.body ?? undefined);
    return true;
  }

  function settle(req: IncomingMessage, res: ServerResponse, counted: RateLimitResult | null, outcome: boolean | Promise<boolean>) {
    if (outcome === true) return;
    if (outcome === false) {
      deps.next(req, res, counted);
      return;
    }
    outcome.then((served) => { if (!served) deps.next(req, res, counted); }, () => failed(req, res, counted));
  }

  function failed(req: IncomingMessage, res: ServerResponse, counted: RateLimitResult | null) {
    // nothing was written unless the failure came after the head: then the answer can only be cut off
    if (res.headersSent) res.destroy();
    else deps.next(req, res, counted);
  }

  function listener(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '';
    // only plain origin-form GET/HEAD targets within the URL limit, with no escape in the path (the app decodes those);
    // a query's escapes are read by URLSearchParams here as by the app's URL (the words of a search are escaped)
    const q = url.indexOf('?');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.length > deps.maxUrlBytes || url.charCodeAt(0) !== 47 /* / */
      || (q < 0 ? url : url.slice(0, q)).includes('%') || url.includes('#') || url.includes('\\')) {
      deps.next(req, res, null);
      return;
    }
    // the reference page's files are not counted (reference/paths.ts); the app serves them
    if (isReferencePath(url.split('?', 1)[0]!)) {
      deps.next(req, res, null);
      return;
    }
    let ip = deps.trustProxyHops === 0 ? addressOf.get(req.socket) : undefined;
    if (ip === undefined) {
      ip = getClientIp(req.socket.remoteAddress, _header(req, 'x-forwarded-for'), deps.trustProxyHops);
      if (deps.trustProxyHops === 0) addressOf.set(req.socket, ip);
    }
    const apiKey = _header(req, 'x-api-key');
    let counted: RateLimitResult | null = null;
    try {
      // a store counting in this process answers at once: a held file is then answered within this turn
      counted = deps.limiter.consumeNow(ip, apiKey);
      if (counted !== null) {
        settle(req, res, counted, answer(req, res, counted));
        return;
      }
    } catch {
      failed(req, res, counted);
      return;
    }
    deps.limiter.consume(ip, apiKey).then((result) => {
      counted = result;
      settle(req, res, result, answer(req, res, result));
    }, () => failed(req, res, counted)).catch(() => failed(req, res, counted));
  }

  /** The warm-up's GET (warm.ts): what the fast path would answer, read or computed and held but not sent; no
   *  request object, no socket, no hit counted. 404 for a path the fast path would hand to the app. */
  const warmGet: WarmGet = async (path, acceptEncoding) => {
    const chosen = await choose(`${deps.basePath}${path}`, acceptEncoding);
    return chosen ? { status: 200, body: chosen[1].body } : { status: 404, body: new Uint8Array(0) };
  };

  return { listener, warmGet };
}

/** A request header as h3 reads it (Node joins repeated headers with ", " as the fetch Headers do). */
function _header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}
