// The nginx site configuration of one export (docs/static-hosting.md): every canonical URL answered from the export's
// files as the gateway answers it (same bytes, JSON content type or the charts' SVG and the feeds' Atom and OPML, CORS,
// Cache-Control until the refresh hour, the ETag formula of export/representations.ts, the writer's gzip and brotli twins, X-Export-Id) and every other request
// (filters, other limits, cursors of other walks, errors, preflights, bulk files, rate limits) proxied to the gateway.
// An http-context include: map, upstream and server blocks, nothing else.
import { routes } from '../../api/routes.ts';
import { FEED_MEDIA_TYPES } from '../../api/routes/feeds.ts';
import type { Route } from '../../api/routes/types.ts';
import { FILE_KEY, fileForms } from '../../export/answering-file.ts';
import { FILE_KEY_SOURCE } from '../../export/layout.ts';

export interface NginxSiteOptions {
  /** Absolute path of the export folder (`<site>/<export-id>`): the config names one export, so headers and files agree. */
  exportDir: string;
  exportId: string;
  /** Path part of BASE_URL, e.g. `/api/v1` ('' for an API at the root). */
  basePath: string;
  /** The gateway, `host:port`. */
  gateway: string;
  /** What nginx listens on, e.g. `80` or `127.0.0.1:8080`. */
  listen: string;
  serverName: string;
  /** UTC hour at which the next export is published (REFRESH_HOUR_UTC): answers are cacheable until then. */
  refreshHourUtc: number;
}

/** The CORS headers the gateway sends on every answer (gateway/http/cors.ts); kept in step by a test. */
export const STATIC_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After, X-Export-Id',
} as const;

/** Render the configuration. */
export function nginxSiteConfig(o: NginxSiteOptions): string {
  for (const [name, value] of Object.entries({ exportDir: o.exportDir, gateway: o.gateway, listen: o.listen, serverName: o.serverName, basePath: o.basePath })) {
    if (/[\s;{}"'$\\]/.test(value)) throw new Error(`nginx config: ${name} "${value}" holds a character nginx would misread`);
  }
  const base = o.basePath;
  const hour = String(o.refreshHourUtc).padStart(2, '0');
  // Headers of a file answer; add_header in a location replaces the server's, so each file location repeats them.
  const fileHeaders = [
    ...Object.entries(STATIC_CORS).map(([k, v]) => `add_header ${k} "${v}" always;`),
    `add_header X-Export-Id "${o.exportId}" always;`,
    // every answer may differ by coding, also one sent without Accept-Encoding (gzip_vary would skip those)
    'add_header Vary "Accept-Encoding" always;',
    // expires @hour makes "Cache-Control: max-age=<seconds to the hour>" (nginx must run in UTC: env TZ=UTC;)
    'add_header Cache-Control "public" always;',
    // the file's mtime is a hash (often a date years ahead), never a modification date: an empty add_header drops
    // the Last-Modified nginx makes from it (RFC 9110 8.8.2.1: never later than the answer's Date)
    'add_header Last-Modified "" always;',
    `expires @${hour}h;`,
  ];
  const routeBlocks = routes.flatMap((route) => _routeBlock(route, base, fileHeaders));
  return [
    `# nginx site of export ${o.exportId}, written by the site build (build/host/nginx.ts; docs/static-hosting.md).`,
    '# Include it in the http block. It needs the gzip_static module (built in) and brotli_static',
    '# (Debian: libnginx-mod-http-brotli-static), and nginx running in UTC (main context: env TZ=UTC;).',
    '# Reload nginx after each publish (nginx -s reload); until then it serves the export it names, and once that',
    '# export is pruned its requests fall through to the gateway, which answers them from the live one.',
    '',
    '# Per route, the file that answers each canonical request (export/answering-file.ts), by its arguments;',
    '# "" when none does. Each route\'s location below reads its own map.',
    ...routeBlocks.flatMap((b) => b.map),
    '',
    `upstream lobbying_gateway { server ${o.gateway}; keepalive 32; }`,
    '',
    'server {',
    `    listen ${o.listen};`,
    `    server_name ${o.serverName};`,
    `    root ${o.exportDir};`,
    '    server_tokens off;',
    `    types { application/json json; image/svg+xml svg; ${FEED_MEDIA_TYPES.atom} atom; ${FEED_MEDIA_TYPES.opml} opml; }`,
    '    default_type application/json;',
    '    charset utf-8;',
    `    charset_types application/json ${FEED_MEDIA_TYPES.atom} ${FEED_MEDIA_TYPES.opml};`,
    '    # the writer\'s twins (x.json.gz, x.json.br): never compressed here; nginx\'s ETag "<mtime>-<size>" is the',
    '    # gateway\'s, as the writer sets every file\'s mtime from its content hash',
    '    gzip off;',
    '    gzip_static on;',
    '    brotli_static on;',
    '    # the mtime is a hash, not a date: validate with ETag only',
    '    if_modified_since off;',
    '',
    ...routeBlocks.flatMap((b) => b.location),
    '',
    '    # everything else, and every request the locations above hand over, is the gateway\'s',
    '    location / { try_files /.none @gateway; }',
    '    error_page 418 = @gateway;',
    '    location @gateway {',
    '        proxy_pass http://lobbying_gateway$request_uri;',
    '        proxy_http_version 1.1;',
    '        proxy_set_header Connection "";',
    '        proxy_set_header Host $host;',
    '        # the gateway runs with TRUST_PROXY_HOPS=1 and counts the client this proxy saw',
    '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '        proxy_buffering on;',
    '    }',
    '}',
    '',
  ].join('\n');
}

/** The nginx variable a file key is captured in (a detail's id, a page's cursor). */
const KEY_VARIABLE = 'lobbying_key';

/**
 * A route's map (its arguments → the file that answers, from export/answering-file.ts's forms) and its location (its
 * path; a detail's captures the id as a file key), which serves that file to GET and HEAD and hands every other
 * request to the gateway. None for a route no file answers (bulk).
 */
function _routeBlock(route: Route, base: string, fileHeaders: readonly string[]): { map: string[]; location: string[] }[] {
  const forms = fileForms(route);
  if (forms.length === 0) return [];
  // nginx's variable hash buckets hold names of about 50 characters: `insights.` is spelled `i_`
  const variable = `$lobbying_${route.id.replace(/^insights\./, 'i.').replace(/[^A-Za-z0-9]/g, '_')}`;
  const key = `(?<${KEY_VARIABLE}>${FILE_KEY_SOURCE})`;
  const entries = forms.map((form) => {
    const args = form.query.includes(FILE_KEY) ? `"~^${_regex(form.query).replace(FILE_KEY, key)}$"` : `"${form.query}"`;
    return `    ${args} "/${form.file.replace(FILE_KEY, `$${KEY_VARIABLE}`)}";`;
  });
  const path = `${base}${route.path}`;
  // a detail's, a per-key chart's or a feed's path captures its id as a file key (`/feeds/{id}.atom`: the name before the suffix)
  const match = route.path.includes('{id}') ? `~ "^${_regex(path).replace(_regex('{id}'), key)}$"` : `= ${path}`;
  return [{
    map: [`map $args ${variable} {`, '    default "";', ...entries, '}'],
    location: [
      `    location ${match} {`,
      '        if ($request_method !~ ^(GET|HEAD)$) { return 418; }',
      `        if (${variable} = "") { return 418; }`,
      // a list asked for whole as CSV or JSON Lines by Accept (docs/take-away.md) is the gateway's, never the page file
      ...(route.kind === 'list' ? ['        if ($http_accept ~* "csv|ndjson") { return 418; }'] : []),
      ...fileHeaders.map((h) => `        ${h}`),
      `        try_files ${variable} @gateway;`,
      '    }',
    ],
  }];
}

/** Text as a PCRE pattern that matches it literally. */
function _regex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
