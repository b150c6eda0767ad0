// Entry point of the gateway: resolves configuration once; with WORKERS > 1 the process becomes the cluster primary
// (cluster.ts) and each worker runs startServer(). startServer opens the rate-limit store (rate-limit/stores/open.ts) and the
// published export, warms its caches, then listens (node/http-server.ts: Node's server with explicit limits and the
// error body on every answer), re-checks `site/current` every minute and on SIGHUP, and shuts down gracefully on
// SIGTERM / SIGINT.
// The only file that reads the environment beyond resolveConfig() and the only one that listens.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { resolveConfig } from '../config/resolve.ts';
import { createGateway } from './app.ts';
import { clusterEffects, LAUNCHED_AT_ENV, runPrimary, type ListeningMessage } from './cluster.ts';
import type { Channel } from './rate-limit/stores/cluster.ts';
import { openRateLimitStore } from './rate-limit/stores/open.ts';
import { createHttpServer } from './node/http-server.ts';
import { basePathOf } from './routes/routing.ts';
import { createExportHolder } from '../export/serve/export-holder.ts';
import { warmUp, type WarmResult } from './fast-path/warm.ts';

/** How often `site/current` is re-checked for a newly published export. */
const SITE_POLL_MS = 60_000;

/**
 * Further canonical pages are warmed only until this long after the launch (the essential warm-up requests always
 * run), inside the start target of a first 200 within 3 s of launch (docs/benchmarks-edge.md); the pages clients
 * start with are warm by then either way.
 */
const WARM_UNTIL_MS = 2_500;

export interface StartOptions {
  /** Suppress start-up messages (tests, bench). */
  quiet?: boolean;
  /** Install SIGHUP / SIGTERM / SIGINT handlers (only the real process wants them). */
  signals?: boolean;
  /** Warm the export's caches before listening (default true; the cold-start bench turns it off to compare). */
  warm?: boolean;
  /** When the gateway was launched (epoch ms; default this process's start): further warming stops WARM_UNTIL_MS
   *  after it. */
  launchedAt?: number;
}

/** A listening gateway. */
export interface GatewayServer {
  server: Server;
  address: AddressInfo;
  /** Where the API root answers, e.g. http://127.0.0.1:3000/api/v1. */
  url: string;
  /** Stop accepting, let open requests finish, stop polling for exports. */
  close(): Promise<void>;
  /** What the warm-up before listening did (null: it did not run). */
  warmed: WarmResult | null;
}

/** Start the gateway; resolves once it listens, with its caches warm. */
export async function startServer(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<GatewayServer> {
  const say = options.quiet ? () => {} : (m: string) => console.log(m);
  const config = resolveConfig({}, env);
  const refreshHourUtc = config.refreshHourUtc;

  const holder = createExportHolder(config.siteRoot, {
    cursorSecret: config.cursorSecret, keep: config.keepExports, cacheBytes: config.cache.fileBytes, answerCacheBytes: config.cache.answerBytes,
    inlineCompressBytes: config.inlineCompressBytes,
  });
  await holder.refresh();
  if (!holder.current()) say(`No export published under ${config.siteRoot}/current yet; answering 503 until one is`);

  // A cluster worker counts in the primary (unless Redis is set): one exact limit across the workers.
  const { store, description } = await openRateLimitStore(config, cluster.isWorker ? (process as unknown as Channel) : null);
  const { listener, warmGet } = createGateway({ config, site: holder, cachePolicy: { refreshHourUtc }, store });
  let warmed: WarmResult | null = null;
  if (holder.current() && options.warm !== false) {
    const sinceLaunchMs = Date.now() - (options.launchedAt ?? performance.timeOrigin);
    warmed = await warmUp(warmGet, { budgetMs: Math.max(0, WARM_UNTIL_MS - sinceLaunchMs) });
    say(`Warmed export ${holder.current()?.exportId}: ${warmed.requests} requests in ${warmed.ms} ms`
      + (warmed.failed > 0 ? ` (${warmed.failed} not answered 200)` : ''));
  }
  holder.startPolling(SITE_POLL_MS);

  const server = createHttpServer(listener, {
    maxUrlBytes: config.http.maxUrlBytes,
    maxHeaderBytes: config.http.maxHeaderBytes,
    exportId: () => holder.current()?.exportId,
  });
  try {
    await _listen(server, config.port, config.host);
  } catch (error) {
    holder.stop();
    await store.shutdown();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}${basePathOf(config.baseUrl)}`;
  say(`Toronto lobbying API listening on ${url} (export ${holder.current()?.exportId ?? 'none'}; rate limits counted in ${description})`);
  if (cluster.isWorker) {
    process.send?.({
      gateway: 'listening', url, exportId: holder.current()?.exportId ?? null, store: description,
      heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
    } satisfies ListeningMessage);
  }

  let closed: Promise<void> | null = null;
  const close = () => closed ??= new Promise<void>((resolve, reject) => {
    holder.stop();
    // close() stops accepting and resolves once every connection has ended; idle keep-alive connections are
    // closed now and busy ones as soon as their answer is written.
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  }).finally(() => store.shutdown());
  const gateway: GatewayServer = { server, address, url, close, warmed };
  if (options.signals === false) return gateway;

  const onHup = () => {
    void holder.refresh().then((changed) => {
      if (changed) console.log(`Now serving export ${holder.current()?.exportId}`);
    });
  };
  process.on('SIGHUP', onHup);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing (in-flight requests finish first)`);
    process.off('SIGHUP', onHup);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return gateway;
}

/** Listen on `port` (0: any free port); a busy port is an error to fix, not a reason to move elsewhere. */
function _listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is in use; stop what holds it or set PORT`) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  try {
    const config = resolveConfig({}, process.env);
    if (cluster.isPrimary && config.workers > 1) runPrimary(config, clusterEffects(config));
    // a worker's own start-up lines would repeat N times: the primary prints one when all listen
    else {
      const launchedAt = Number(process.env[LAUNCHED_AT_ENV]) || undefined;
      startServer(process.env, { quiet: cluster.isWorker, launchedAt }).catch(fail);
    }
  } catch (error) {
    fail(error);
  }
}
