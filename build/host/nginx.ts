// The nginx site configuration of one export (docs/static-hosting.md): every canonical URL answered from the export's
// files as the gateway answers it (same bytes, JSON content type, CORS, Cache-Control until the refresh hour, the
// ETag formula of export/representations.ts, the writer's gzip and brotli twins, X-Export-Id) and every other request
// (filters, other limits, cursors of other walks, errors, preflights, bulk files, rate limits) proxied to the gateway.
// An http-context include: map, upstream and server blocks, nothing else.
import { routesOfKind } from '../../api/routes.ts';

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

/** The CORS headers the gateway sends on every answer (gateway/utils/cors.ts); kept in step by a test. */
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
  // A file location: only GET and HEAD with canonical arguments; anything else goes to the gateway.
  const fileLocation = (match: string, tries: string[]) => [
    `    location ${match} {`,
    '        if ($request_method !~ ^(GET|HEAD)$) { return 418; }',
    '        if ($lobbying_args != "none") { return 418; }',
    ...fileHeaders.map((h) => `        ${h}`),
    `        try_files ${tries.join(' ')} @gateway;`,
    '    }',
  ];
  const statics = routesOfKind('static').flatMap((route) => fileLocation(`= ${base}${route.path}`, [`/api/v1/${route.file}`]));
  const escapedBase = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [
    `# nginx site of export ${o.exportId}, written by the site build (build/host/nginx.ts; docs/static-hosting.md).`,
    '# Include it in the http block. It needs the gzip_static module (built in) and brotli_static',
    '# (Debian: libnginx-mod-http-brotli-static), and nginx running in UTC (main context: env TZ=UTC;).',
    '# Reload nginx after each publish (nginx -s reload); until then it serves the export it names, and once that',
    '# export is pruned its requests fall through to the gateway, which answers them from the live one.',
    '',
    '# Canonical arguments: none, only limit=100 (a list\'s first page), or a lone cursor (a page file).',
    'map $args $lobbying_args {',
    '    ""                                                                    "none";',
    '    "limit=100"                                                           "limit";',
    '    "~^cursor=(?<lobbying_cursor>[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)$"      "cursor";',
    '    default                                                               "";',
    '}',
    '# The files a path may name, by its arguments: a document or a list (none), a list (limit), a page (cursor).',
    'map $lobbying_args $lobbying_try1 { none ".json"; limit "/index.json"; cursor "/_pages/$lobbying_cursor.json"; default "/.none"; }',
    'map $lobbying_args $lobbying_try2 { none "/index.json"; limit "/index.json"; cursor "/_pages/$lobbying_cursor.json"; default "/.none"; }',
    '',
    `upstream lobbying_gateway { server ${o.gateway}; keepalive 32; }`,
    '',
    'server {',
    `    listen ${o.listen};`,
    `    server_name ${o.serverName};`,
    `    root ${o.exportDir};`,
    '    server_tokens off;',
    '    types { application/json json; }',
    '    default_type application/json;',
    '    charset utf-8;',
    '    charset_types application/json;',
    '    # the writer\'s twins (x.json.gz, x.json.br): never compressed here; nginx\'s ETag "<mtime>-<size>" is the',
    '    # gateway\'s, as the writer sets every file\'s mtime from its content hash',
    '    gzip off;',
    '    gzip_static on;',
    '    brotli_static on;',
    '    # the mtime is a hash, not a date: validate with ETag only',
    '    if_modified_since off;',
    '',
    ...statics,
    '',
    '    # lists, pages, detail documents and insight documents; never a twin, an index or a page file by its own name',
    `    location ~ ^${escapedBase}/(?<lobbying_rest>[A-Za-z0-9][A-Za-z0-9/._-]*)$ {`,
    '        if ($request_method !~ ^(GET|HEAD)$) { return 418; }',
    '        if ($lobbying_args = "") { return 418; }',
    '        if ($lobbying_rest ~ "(^|/)(_pages|index)(/|$)|\\.(json|gz|br)$|//") { return 418; }',
    ...fileHeaders.map((h) => `        ${h}`),
    '        try_files /api/v1/$lobbying_rest$lobbying_try1 /api/v1/$lobbying_rest$lobbying_try2 @gateway;',
    '    }',
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
