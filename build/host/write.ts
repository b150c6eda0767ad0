// Writes the static host's configuration for the export just published: `<site>/nginx/lobbying.conf` (build/host/nginx.ts),
// replaced atomically, so an operator's `include` always reads a whole file. Deployment-specific (absolute paths,
// the gateway's address), hence beside the exports rather than inside one.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/resolve.ts';
import { nginxSiteConfig } from './nginx.ts';

/** Where the configuration is written, relative to the site root. */
export const NGINX_CONF = 'nginx/lobbying.conf';

/** Write the nginx configuration naming `exportId` (in `config.siteRoot`); returns its path. */
export async function writeHostConfig(config: Pick<Config, 'siteRoot' | 'baseUrl' | 'host' | 'port' | 'refreshHourUtc'>, exportId: string): Promise<string> {
  const base = new URL(config.baseUrl);
  const text = nginxSiteConfig({
    exportDir: path.resolve(config.siteRoot, exportId),
    exportId,
    basePath: base.pathname.replace(/\/+$/, ''),
    gateway: `${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`,
    listen: '80',
    serverName: base.hostname,
    refreshHourUtc: config.refreshHourUtc,
  });
  const file = path.join(config.siteRoot, NGINX_CONF);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
  return file;
}
