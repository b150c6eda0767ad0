// The gateway application: registry routes under the base path, one middleware that rate limits and finishes every
// answer (errors included), and nothing that listens. server.ts serves it; tests call app.fetch() directly.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineHandler, getRequestIP, getRouterParam, H3, toNodeHandler, type H3Event } from 'h3';
import { ApiError } from '../api/errors.ts';
import { answeringFile } from '../export/answering-file.ts';
import { LABELS_PARAM, parseLabels } from '../api/labels.ts';
import type { Route } from '../api/routes/types.ts';
import { routes } from '../api/routes.ts';
import { serveReference } from './reference/serve.ts';
import { isReferencePath } from './reference/paths.ts';
import { toRefusal } from './rate-limit/refusal.ts';
import type { Config } from '../config/resolve.ts';
import { createMemoryStore } from './rate-limit/stores/memory.ts';
import type { RateLimitStore } from './rate-limit/stores/types.ts';
import { DEFAULT_CACHE_POLICY, type CachePolicy } from './http/cache-control.ts';
import { getClientIp } from './rate-limit/client-ip.ts';
import { routeNotFound, toApiError, toErrorReply, uriTooLong } from './http/errors.ts';
import { serveBulkFile, serveBulkManifest } from './bulk/serve.ts';
import { createFastPath } from './fast-path/listener.ts';
import type { WarmGet } from './fast-path/warm.ts';
import { serveDetail, serveList, serveStatic } from './routes/pages.ts';
import { serveSearch } from './routes/search.ts';
import { serveChart } from './routes/charts.ts';
import { serveFeed } from './routes/feeds.ts';
import { serveTakeAway, type TakeAwayContext } from './take-away/serve.ts';
import { takeAwayContextOf } from './take-away/context.ts';
import { answerFormat, FORMAT_PARAM } from '../api/take-away.ts';
import { fileReply } from './routes/export-replies.ts';
import { createRateLimiter, type RateLimitResult } from './rate-limit/limiter.ts';
import type { Reply } from './http/reply.ts';
import { toHttpResponse } from './http/respond.ts';
import { pathsAboveBase, toApiRootRedirect } from './http/redirect.ts';
import { basePathOf, methodReply, toH3Path } from './routes/routing.ts';
import type { ExportHolder } from '../export/serve/export-holder.ts';

export interface AppDeps {
  config: Readonly<Config>;
  /** The exports the site folder holds: the live one (`current`) and the kept ones a cursor walk may need. */
  site: ExportHolder;
  /** Epoch milliseconds; injected so tests control rate-limit windows and Cache-Control. */
  clock?: () => number;
  store?: RateLimitStore;
  cachePolicy?: Partial<CachePolicy>;
  /** Receives unexpected errors (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

const WINDOW_MS = 60_000;

/** The gateway: the h3 app (tests call its fetch()) and the Node request listener a server serves, which answers
 *  held canonical files on the fast path (fast-path/listener.ts) and everything else through the app. Never listens. */
export interface Gateway {
  app: H3;
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** The warm-up's way in (fast-path/warm.ts): the fast path's answer for a path, held in the caches, not sent. */
  warmGet: WarmGet;
}

/** Create the h3 app serving the API; it never listens. */
export function createApp(deps: AppDeps): H3 {
  return createGateway(deps).app;
}

export function createGateway(deps: AppDeps): Gateway {
  const { config } = deps;
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const cachePolicy: CachePolicy = { ...DEFAULT_CACHE_POLICY, ...deps.cachePolicy };
  const store = deps.store ?? createMemoryStore({ windowMs: WINDOW_MS, clock });
  const limiter = createRateLimiter({
    store, clock, apiKeys: config.apiKeys, anonLimit: config.rateLimitAnon, keyLimit: config.rateLimitKey,
    storeDown: config.rateLimitStoreDown, log: (message) => log(message),
  });
  // Rate-limit state per event, so an error raised after counting is answered without counting twice; and per Node
  // request for hits the fast path counted before handing the request over.
  const counted = new WeakMap<H3Event, RateLimitResult>();
  const countedEarlier = new WeakMap<IncomingMessage, RateLimitResult>();

  async function countRequest(event: H3Event): Promise<RateLimitResult | null> {
    if (isReferencePath(event.url.pathname)) return null;
    const nodeReq = event.runtime?.node?.req as IncomingMessage | undefined;
    const known = counted.get(event) ?? (nodeReq && countedEarlier.get(nodeReq));
    if (known) {
      counted.set(event, known); // a whole answer charges its further pages on top of it
      return known;
    }
    // Preflights are sent by browsers on their own; they read the budget without spending it.
    const preflight = event.req.method === 'OPTIONS';
    const result = await limiter.consume(_clientIp(event), preflight ? null : event.req.headers.get('x-api-key'), preflight);
    counted.set(event, result);
    return result;
  }

  function _clientIp(event: H3Event): string {
    return getClientIp(getRequestIP(event), event.req.headers.get('x-forwarded-for'), config.trustProxyHops);
  }

  const takeAwayContext = (event: H3Event) => takeAwayContextOf(event, { config, limiter, counted, clientIp: _clientIp });

  function finish(event: H3Event, reply: Reply, rateLimit: RateLimitResult | null): Promise<Response> {
    // While the store is down the count is unknown: no RateLimit headers rather than made-up ones.
    if (rateLimit?.storeDown) rateLimit = null;
    return toHttpResponse(reply, event.req, { rateLimit, now: clock(), cachePolicy, exportId: _exportIdOf(deps.site) });
  }

  const app = new H3({
    // h3's own logging is replaced by `log`, which sees every unexpected error exactly once.
    silent: true,
    // Reached only for failures outside the middleware below (h3 rejecting a malformed URL before routing).
    async onError(error, event) {
      const rateLimit = await countRequest(event).catch(() => null);
      return finish(event, toErrorReply(toApiError(error, log)), rateLimit);
    },
  });

  app.use(async (event, next) => {
    const rateLimit = await countRequest(event);
    const refusal = rateLimit && toRefusal(rateLimit, config.apiKeyContact);
    let reply: Reply;
    if (refusal) {
      reply = toErrorReply(refusal);
    } else if (event.url.pathname.length + event.url.search.length > config.http.maxUrlBytes) {
      // Checked before routing so no route, parser or engine ever works on an over-long target. Targets beyond the
      // whole head limit never get here: the HTTP server refuses them (node/http-server.ts).
      reply = toErrorReply(uriTooLong(config.http.maxUrlBytes));
    } else {
      try {
        const value = await next();
        reply = _isReply(value) ? value : toErrorReply(routeNotFound());
      } catch (error) {
        reply = toErrorReply(toApiError(error, log));
      }
    }
    // a whole answer charges its further pages while it is answered: the header shows the count after them
    return finish(event, reply, counted.get(event) ?? rateLimit);
  });

  const basePath = basePathOf(config.baseUrl);
  for (const route of routes) {
    app.all(toH3Path(basePath, route), defineHandler((event) => _serve(deps.site, route, event, config.siteRoot, config.baseUrl, takeAwayContext)));
  }
  // The reference page (gateway/reference/): Swagger UI over openapi.json with the live export's examples.
  const docsRedirect: Reply = { status: 308, body: new TextEncoder().encode('{"location":"/docs/"}'), headers: { location: '/docs/' } };
  // rou3 matches /docs and /docs/ alike: only the page's own address (with the slash) makes its relative links work
  app.all('/docs', defineHandler((event) => event.url.pathname === '/docs' ? docsRedirect : serveReference(deps.site, basePath, '', event.req.method)));
  app.all('/docs/:file', defineHandler((event) => serveReference(deps.site, basePath, getRouterParam(event, 'file') ?? '', event.req.method)));
  const rootRedirect = toApiRootRedirect(config.baseUrl);
  for (const above of pathsAboveBase(basePath)) app.all(above, defineHandler(() => rootRedirect));

  const throughApp = toNodeHandler(app);
  const { listener, warmGet } = createFastPath({
    routes, basePath, baseUrl: config.baseUrl, site: deps.site, limiter, clock, cachePolicy, trustProxyHops: config.trustProxyHops,
    maxUrlBytes: config.http.maxUrlBytes,
    next(req, res, hit) {
      if (hit) countedEarlier.set(req, hit);
      void throughApp(req, res);
    },
  });
  return { app, listener, warmGet };
}

/** Answer one registry route (method checks first, then the export taken once for the whole request). */
async function _serve(holder: ExportHolder, route: Route, event: H3Event, siteRoot: string, baseUrl: string,
  takeAway: (event: H3Event) => TakeAwayContext): Promise<Reply> {
  const notRead = methodReply(event.req.method);
  if (notRead) return notRead;
  // a whole answer (format=csv|jsonl, or Accept asking for one) is never a page file
  const format = route.kind === 'list' ? answerFormat(event.url.searchParams.get(FORMAT_PARAM), event.req.headers.get('accept')) : 'json';
  if (route.kind === 'list' && format === 'json') {
    // Canonical pages (most list traffic) straight from the live export's files, with no parameter parsing.
    const live = holder.current();
    const rel = live ? answeringFile(route, event.url.search) : null;
    const reply = rel !== null && live!.files.has(rel) ? await fileReply(live!, rel) : null;
    if (reply) return reply;
  }
  // A cursor walk is answered by the export that issued the cursor while it is kept (export/serve/export-holder.ts).
  // the bulk routes answer 404 without an export (the contract), and may serve exports kept beside the live one
  if (route.kind === 'bulk') {
    return route.variant === 'manifest' ? serveBulkManifest(holder.current())
      : serveBulkFile(siteRoot, holder.current(), getRouterParam(event, 'date'), getRouterParam(event, 'file'));
  }
  const walks = route.kind === 'list' || route.kind === 'search';
  const opened = walks ? await holder.forCursor(event.url.searchParams.get('cursor')) : holder.current();
  if (!opened) throw new ApiError(503, 'service_unavailable', 'No data export has been published yet; try again later');
  try {
    switch (route.kind) {
      case 'static':
        return await serveStatic(opened, route);
      case 'list':
        return format === 'json' ? await serveList(opened, route, event.url.searchParams)
          : await serveTakeAway(opened, route, event.url.searchParams, format, takeAway(event));
      case 'search':
        return await serveSearch(opened, route, event.url.searchParams, baseUrl);
      case 'chart':
        return await serveChart(opened, route, route.variant === null ? undefined : _decodeId(getRouterParam(event, 'id')));
      case 'detail':
        // detail routes read no other parameter: the rest of a query is ignored, as a static host ignores it
        return await serveDetail(opened, route, _decodeId(getRouterParam(event, 'id')), parseLabels(event.url.searchParams.get(LABELS_PARAM)));
      case 'feed':
        return await serveFeed(opened, route, getRouterParam(event, 'id'));
    }
  } catch (error) {
    // Errors answered from an export still say which export answered.
    if (error instanceof ApiError) return { ...toErrorReply(error), from: opened };
    throw error;
  }
}

/**
 * The id path segment decoded whole: h3's own decoding keeps `%2F` encoded, but an id segment may name a record
 * whose id holds a slash ("A0123/24TEY" as `A0123%2F24TEY`); the id is only ever compared, never used as a path.
 */
function _decodeId(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // malformed escapes name no record
  }
}

function _exportIdOf(holder: ExportHolder): string | undefined {
  try {
    return holder.current()?.exportId;
  } catch {
    return undefined; // a broken holder is reported by the request itself
  }
}

function _isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}
