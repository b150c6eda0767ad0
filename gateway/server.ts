// Entry point of the gateway process: resolves configuration once, opens the published export, serves the app with
// listhen, re-checks `site/current` every minute and on SIGHUP, and shuts down gracefully on SIGTERM / SIGINT.
// The only file that reads the environment beyond resolveConfig() and the only one that listens.
import { pathToFileURL } from 'node:url';
import { toNodeHandler } from 'h3';
import { listen, type Listener } from 'listhen';
import { resolveConfig } from '../config/resolve.ts';
import { createApp } from './app.ts';
import { basePathOf } from './utils/routing.ts';
import { createSiteHolder } from './utils/site-holder.ts';

/** How often `site/current` is re-checked for a newly published export. */
const SITE_POLL_MS = 60_000;

export interface StartOptions {
  /** Suppress start-up messages (tests, bench). */
  quiet?: boolean;
  /** Install SIGHUP / SIGTERM / SIGINT handlers (only the real process wants them). */
  signals?: boolean;
}

/** Start the gateway; resolves to the listener, whose close() also stops the export polling. */
export async function startServer(env: NodeJS.ProcessEnv = process.env, options: StartOptions = {}): Promise<Listener> {
  const say = options.quiet ? () => {} : (m: string) => console.log(m);
  const config = resolveConfig({}, env);
  // Gateway-only settings, resolved here so no module below reads the environment.
  const refreshHourUtc = env.REFRESH_HOUR_UTC ? Number(env.REFRESH_HOUR_UTC) : 6;
  if (!Number.isInteger(refreshHourUtc) || refreshHourUtc < 0 || refreshHourUtc > 23) {
    throw new Error(`REFRESH_HOUR_UTC must be an hour from 0 to 23, got "${env.REFRESH_HOUR_UTC}"`);
  }

  const site = createSiteHolder(config.siteRoot, { cursorSecret: config.cursorSecret, keep: config.keepExports });
  await site.refresh();
  if (!site.current()) say(`No export published under ${config.siteRoot}/current yet; answering 503 until one is`);
  site.startPolling(SITE_POLL_MS);

  const app = createApp({ config, site, cachePolicy: { refreshHourUtc } });
  const listener = await listen(toNodeHandler(app), {
    port: config.port, hostname: config.host, showURL: false, autoClose: false, qr: false, public: false,
  });
  if (listener.address.port !== config.port) {
    if (config.port !== 0) say(`Port ${config.port} was busy; listening on ${listener.address.port} instead`);
  }
  const apiUrl = new URL(`${basePathOf(config.baseUrl)}/`, listener.url).href.replace(/\/$/, '');
  say(`Toronto lobbying API listening on ${apiUrl} (export ${site.current()?.exportId ?? 'none'})`);

  const close = listener.close;
  listener.close = async () => {
    site.stop();
    await close();
  };
  if (options.signals === false) return listener;

  const onHup = () => {
    void site.refresh().then((changed) => {
      if (changed) console.log(`Now serving export ${site.current()?.exportId}`);
    });
  };
  process.on('SIGHUP', onHup);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing (in-flight requests finish first)`);
    site.stop();
    process.off('SIGHUP', onHup);
    // close() stops accepting connections and resolves once open requests are answered.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  return listener;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
