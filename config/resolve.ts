// Resolves the service configuration once (option → environment → default) and freezes it.
// No module below an entry point reads process.env; entries call resolveConfig() and pass the result down.
import { availableParallelism } from 'node:os';
import path from 'node:path';

export interface Config {
  /** Folder holding the raw City files (or the generated sample city) in the documented layout. */
  rawDir: string;
  /** Folder for state kept across nightly runs (registry snapshot sightings). */
  stateDir: string;
  /** DuckDB warehouse file written by the pipeline. */
  warehousePath: string;
  /** Root of the static sites; `<siteRoot>/current` points at the live export, one folder per export id. */
  siteRoot: string;
  /** Exports kept on disk and served to cursor walks begun on them (KEEP_EXPORTS, default 3, at least 1: the live
   *  one); older ones are removed by the next publish and their cursors answered `cursor_expired`. */
  keepExports: number;
  /** Exports whose bulk files stay downloadable (KEEP_BULK_EXPORTS, default 7, at least KEEP_EXPORTS): an export pruned
   *  beyond KEEP_EXPORTS keeps only its bulk files, in <siteRoot>/bulk-archive/<export-id>/. */
  keepBulkExports: number;
  /** The night guard (docs/pipeline.md): the largest drop of a source or published table's rows against the last
   *  published export that passes unaccepted, in percent (MAX_DROP_PERCENT, default 2), and the drops the operator
   *  accepts for this night, name → accepted count (ACCEPT_DROPS=`src_procurement__awarded=175,api_contracts=175`). */
  guard: { maxDropPercent: number; acceptDrops: ReadonlyMap<string, number> };
  port: number;
  host: string;
  /** Public base URL of the API, ending in /api/v1. */
  baseUrl: string;
  apiKeys: ReadonlySet<string>;
  /** Who hands out API keys, as the 429 quotes it ("ask <contact> for one"): an address, a URL or a name
   *  (API_KEY_CONTACT); null says "the operator of this service". */
  apiKeyContact: string | null;
  rateLimitAnon: number;
  rateLimitKey: number;
  /** Number of trusted reverse proxies in front of the gateway (0 = ignore X-Forwarded-For). */
  trustProxyHops: number;
  /** Gateway processes serving the port (WORKERS, default the core count; node:cluster). With more than one, the
   *  primary holds the rate-limit counts unless a Redis store is configured. */
  workers: number;
  /** Each forked worker's V8 heap cap in MB (WORKER_HEAP_MB, default 512; 0 leaves V8's own): several times a
   *  worker's live heap, so it bounds a leak rather than the working set, and it keeps V8 from letting the old
   *  generation grow to several times its live size before collecting (what a City-volume worker holds with and
   *  without it: docs/benchmarks-edge.md). A single-process gateway (WORKERS=1) takes Node's own flag
   *  (`NODE_OPTIONS=--max-old-space-size=512`). */
  workerHeapMb: number;
  /** Shared rate-limit store (REDIS_URL, e.g. redis://127.0.0.1:6379/0); null keeps the counts in this machine. */
  redisUrl: string | null;
  /** What the gateway does while the rate-limit store cannot be reached (RATE_LIMIT_STORE_DOWN): `open` serves
   *  unlimited, logs and counts the outage (default); `closed` answers 503. */
  rateLimitStoreDown: 'open' | 'closed';
  /** UTC hour (0–23) by which the nightly export is refreshed (REFRESH_HOUR_UTC, default 6): successful answers are
   *  cacheable until then, by the gateway and by the static host configuration the build writes. */
  refreshHourUtc: number;
  /** The gateway's request limits: the request target (path and query, MAX_URL_BYTES, default 8192; longer is 414)
   *  and the whole request head as Node's parser counts it (target plus header names and values, MAX_HEADER_BYTES,
   *  default 16384; larger is 431, or 414 when the target is the part over the limit). */
  http: { maxUrlBytes: number; maxHeaderBytes: number };
  /** The gateway's in-memory caches per worker, in bytes (given in MB): the file cache of ready representations
   *  (FILE_CACHE_MB: canonical pages, documents and their gzip/brotli twins) and the cache of engine answers
   *  (ANSWER_CACHE_MB: filtered pages with their compressed variants); 0 turns one off. The defaults are sized for a
   *  City-volume worker with both full (docs/benchmarks-edge.md); the operating system's page cache keeps the files
   *  themselves either way. */
  cache: { fileBytes: number; answerBytes: number };
  /** Engine answers up to this many bytes are compressed on the event loop rather than in zlib's thread pool
   *  (COMPRESS_INLINE_KB). Default 64 KiB when the gateway runs a worker per core, else 0: with every core serving,
   *  the hop to the pool costs more CPU than it frees (docs/benchmarks-edge.md), while a lone worker on several cores
   *  gains the pool's spare core. */
  inlineCompressBytes: number;
  /** The most rows one CSV or JSON Lines answer of a list holds (TAKE_AWAY_MAX_ROWS, default 250000): a filtered
   *  answer with more is a 400 `too_many_rows` naming the bulk file (docs/take-away.md). */
  takeAwayMaxRows: number;
  /** DuckDB memory cap for the pipeline (it spills to disk beyond it), e.g. `1.5GB` (the default; what a City-volume
   *  night peaks at with it: README, Configuration). */
  duckdbMemoryLimit: string;
  /** Worker threads reading archived registry snapshots on a run that has several to read (REGISTRY_WORKERS,
   *  default: the machine's cores, at most 4; 1 reads them in the pipeline's own thread). */
  registryWorkers: number;
  /** Secret mixed into cursor MACs; defaults to a fixed development value. */
  cursorSecret: string;
  /** Sample-city generation. */
  sample: { seed: number; scale: number; asOf: string };
  /** Settings the pipeline's models read (meta_settings): the mayor-share ITS intervention date (ITS_INTERVENTION_DATE,
   *  default 2022-11-23, when strong-mayor powers took effect in Toronto). */
  models: { itsInterventionDate: string };
  /** What the entry points print: the stage number a driver gives (`STAGE=2/6`, the Makefile) and VERBOSE=1 for
   *  every detail line on the terminal (they always go to the stage's log file); STAGE_TITLE renames the stage. */
  output: { stage: string | null; verbose: boolean; title: string | null; logDir: string };
}

export type ConfigOptions = Partial<Omit<Config, 'sample' | 'apiKeys' | 'output' | 'models' | 'guard' | 'http' | 'cache'>> & {
  guard?: Partial<Config['guard']>;
  cache?: Partial<Config['cache']>;
  http?: Partial<Config['http']>;
  models?: Partial<Config['models']>;
  apiKeys?: Iterable<string>;
  sample?: Partial<Config['sample']>;
  output?: Partial<Config['output']>;
};

const DEFAULT_SCALE = 0.02;
const MB = 1024 * 1024;
const KB = 1024;
/** See Config.workerHeapMb: several times a City-volume worker's live heap. */
const DEFAULT_WORKER_HEAP_MB = 512;
/** See Config.inlineCompressBytes: an answer this size is compressed at the dynamic level in well under a
 *  millisecond, short enough to keep on the event loop. */
const DEFAULT_INLINE_COMPRESS_KB = 64;
/** Cache budgets per gateway worker (MB), sized in docs/benchmarks-edge.md. Also what an export
 *  opened without budgets uses (export/serve/open-export.ts: tests, tools). */
export const DEFAULT_FILE_CACHE_MB = 32;
export const DEFAULT_ANSWER_CACHE_MB = 16;

/** See Config.takeAwayMaxRows: what a whole-answer download holds before the bulk file is the better tool. */
export const DEFAULT_TAKE_AWAY_MAX_ROWS = 250_000;

/** Resolve configuration from explicit options, then the environment, then defaults. */
export function resolveConfig(options: ConfigOptions = {}, env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const root = path.resolve(env.PROJECT_ROOT ?? process.cwd());
  const port = options.port ?? intFrom(env.PORT, 'PORT') ?? 3000;
  const host = options.host ?? env.HOST ?? '127.0.0.1';
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const workers = Math.max(1, options.workers ?? intFrom(env.WORKERS, 'WORKERS') ?? availableParallelism());
  const config: Config = {
    rawDir: options.rawDir ?? path.resolve(root, env.RAW_DIR ?? path.join(dataDir, 'raw')),
    stateDir: options.stateDir ?? path.resolve(root, env.STATE_DIR ?? path.join(dataDir, 'state')),
    warehousePath:
      options.warehousePath ?? path.resolve(root, env.WAREHOUSE ?? path.join(dataDir, 'warehouse', 'warehouse.duckdb')),
    siteRoot: options.siteRoot ?? path.resolve(root, env.SITE_DIR ?? 'site'),
    keepExports: Math.max(1, options.keepExports ?? intFrom(env.KEEP_EXPORTS, 'KEEP_EXPORTS') ?? 3),
    keepBulkExports: Math.max(1, options.keepExports ?? intFrom(env.KEEP_EXPORTS, 'KEEP_EXPORTS') ?? 3,
      options.keepBulkExports ?? intFrom(env.KEEP_BULK_EXPORTS, 'KEEP_BULK_EXPORTS') ?? 7),
    guard: {
      maxDropPercent: options.guard?.maxDropPercent ?? floatFrom(env.MAX_DROP_PERCENT, 'MAX_DROP_PERCENT', true) ?? 2,
      acceptDrops: options.guard?.acceptDrops ?? acceptedDrops(env.ACCEPT_DROPS),
    },
    port,
    host,
    baseUrl: (options.baseUrl ?? env.BASE_URL ?? `http://localhost:${port}/api/v1`).replace(/\/+$/, ''),
    apiKeys: new Set(
      [...(options.apiKeys ?? (env.API_KEYS ?? '').split(','))].map((k) => k.trim()).filter((k) => k.length > 0),
    ),
    apiKeyContact: options.apiKeyContact !== undefined ? options.apiKeyContact : (env.API_KEY_CONTACT?.trim() || null),
    rateLimitAnon: options.rateLimitAnon ?? intFrom(env.RATE_LIMIT_ANON, 'RATE_LIMIT_ANON') ?? 60,
    rateLimitKey: options.rateLimitKey ?? intFrom(env.RATE_LIMIT_KEY, 'RATE_LIMIT_KEY') ?? 600,
    trustProxyHops: options.trustProxyHops ?? intFrom(env.TRUST_PROXY_HOPS, 'TRUST_PROXY_HOPS') ?? 0,
    workers,
    workerHeapMb: options.workerHeapMb ?? intFrom(env.WORKER_HEAP_MB, 'WORKER_HEAP_MB') ?? DEFAULT_WORKER_HEAP_MB,
    redisUrl: options.redisUrl !== undefined ? options.redisUrl : (env.REDIS_URL?.trim() || null),
    rateLimitStoreDown: options.rateLimitStoreDown ?? storeDownFrom(env.RATE_LIMIT_STORE_DOWN),
    refreshHourUtc: hourFrom(options.refreshHourUtc ?? intFrom(env.REFRESH_HOUR_UTC, 'REFRESH_HOUR_UTC') ?? 6),
    http: httpLimits(
      options.http?.maxUrlBytes ?? intFrom(env.MAX_URL_BYTES, 'MAX_URL_BYTES') ?? 8192,
      options.http?.maxHeaderBytes ?? intFrom(env.MAX_HEADER_BYTES, 'MAX_HEADER_BYTES') ?? 16384,
    ),
    cache: {
      fileBytes: options.cache?.fileBytes ?? MB * (intFrom(env.FILE_CACHE_MB, 'FILE_CACHE_MB') ?? DEFAULT_FILE_CACHE_MB),
      answerBytes: options.cache?.answerBytes ?? MB * (intFrom(env.ANSWER_CACHE_MB, 'ANSWER_CACHE_MB') ?? DEFAULT_ANSWER_CACHE_MB),
    },
    inlineCompressBytes: options.inlineCompressBytes
      ?? KB * (intFrom(env.COMPRESS_INLINE_KB, 'COMPRESS_INLINE_KB') ?? (workers >= availableParallelism() ? DEFAULT_INLINE_COMPRESS_KB : 0)),
    takeAwayMaxRows: Math.max(1, options.takeAwayMaxRows ?? intFrom(env.TAKE_AWAY_MAX_ROWS, 'TAKE_AWAY_MAX_ROWS') ?? DEFAULT_TAKE_AWAY_MAX_ROWS),
    cursorSecret: options.cursorSecret ?? env.CURSOR_SECRET ?? 'development-cursor-secret',
    duckdbMemoryLimit: options.duckdbMemoryLimit ?? env.DUCKDB_MEMORY_LIMIT ?? '1.5GB',
    registryWorkers: Math.max(1, options.registryWorkers ?? intFrom(env.REGISTRY_WORKERS, 'REGISTRY_WORKERS') ?? Math.min(4, availableParallelism())),
    sample: {
      seed: options.sample?.seed ?? intFrom(env.SAMPLE_SEED, 'SAMPLE_SEED') ?? 20261122,
      scale: options.sample?.scale ?? floatFrom(env.SAMPLE_SCALE, 'SAMPLE_SCALE') ?? DEFAULT_SCALE,
      asOf: options.sample?.asOf ?? env.SAMPLE_AS_OF ?? '2026-11-20',
    },
    models: {
      itsInterventionDate: options.models?.itsInterventionDate ?? dateFrom(env.ITS_INTERVENTION_DATE, 'ITS_INTERVENTION_DATE') ?? '2022-11-23',
    },
    output: {
      stage: options.output?.stage ?? (env.STAGE?.trim() || null),
      verbose: options.output?.verbose ?? env.VERBOSE === '1',
      // a driver may name what this run of a stage is for (the second pipeline run reads the reviewers' decisions)
      title: options.output?.title ?? (env.STAGE_TITLE?.trim() || null),
      // each stage's full log (every detail line), e.g. data/logs/pipeline.log
      logDir: options.output?.logDir ?? path.resolve(root, env.LOG_DIR ?? path.join(dataDir, 'logs')),
    },
  };
  return Object.freeze(config);
}

function hourFrom(hour: number): number {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new Error(`REFRESH_HOUR_UTC must be an hour from 0 to 23, got "${hour}"`);
  return hour;
}

function storeDownFrom(raw: string | undefined): 'open' | 'closed' {
  const value = raw?.trim() || 'open';
  if (value !== 'open' && value !== 'closed') throw new Error(`RATE_LIMIT_STORE_DOWN must be "open" or "closed", got "${raw}"`);
  return value;
}

/** The head holds the target, so the URL limit must leave room below the head limit to be reachable. */
function httpLimits(maxUrlBytes: number, maxHeaderBytes: number): Config['http'] {
  if (maxUrlBytes < 1024) throw new Error(`MAX_URL_BYTES must be at least 1024, got ${maxUrlBytes}`);
  if (maxHeaderBytes <= maxUrlBytes) {
    throw new Error(`MAX_HEADER_BYTES (${maxHeaderBytes}) must be larger than MAX_URL_BYTES (${maxUrlBytes}): the head holds the URL`);
  }
  return { maxUrlBytes, maxHeaderBytes };
}

function intFrom(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value.trim());
}

function dateFrom(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw new Error(`${name} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return v;
}

function floatFrom(value: string | undefined, name: string, zeroAllowed = false): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroAllowed)) {
    throw new Error(`${name} must be a ${zeroAllowed ? 'non-negative' : 'positive'} number, got "${value}"`);
  }
  return n;
}

/** ACCEPT_DROPS: comma-separated `name=count` (a source table, a published table or a raw file path, and the count
 *  the operator accepts tonight); a malformed entry is an error rather than a silently ignored acceptance. */
function acceptedDrops(value: string | undefined): ReadonlyMap<string, number> {
  const out = new Map<string, number>();
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const m = /^(.+)=(\d+)$/.exec(entry);
    if (!m) throw new Error(`ACCEPT_DROPS entries are name=count (e.g. src_procurement__awarded=175), got "${entry}"`);
    out.set(m[1]!.trim(), Number(m[2]));
  }
  return out;
}
