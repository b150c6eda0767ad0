// Datasette vs the gateway on the filtered query mix: the gateway's list queries translated to Datasette's
// table JSON (`/<db>/<table>.json?col__exact=…&col__gte=…&_size=…&_shape=objects`) over the SQLite copy that
// bench/sqlite-tables.ts writes, a check that both answer every query with the same row ids in the same order, and
// the edge table's rows measured with wrk, Datasette and the gateway back to back at each connection count.
// Datasette is never a dependency: it runs beside the bench, found through DATASETTE_URL.
import { routesOfKind } from '../api/routes.ts';
import { PAGE_LIMIT_DEFAULT } from '../api/routes/types.ts';

/** How to provide the comparison when DATASETTE_URL is not set. */
export const DATASETTE_HOWTO = 'set DATASETTE_URL to the database URL of a Datasette serving the SQLite file '
  + '`npx tsx bench/sqlite-tables.ts .tmp/bench-tables.db` writes, tuned as lobbyingintoronto.ca runs it: '
  + '`datasette serve --immutable .tmp/bench-tables.db --host 127.0.0.1 --setting suggest_facets off` '
  + '→ DATASETTE_URL=http://127.0.0.1:8001/bench-tables';

/** Datasette's path (below the database URL) for a gateway list path such as `/communications?member=5&limit=50`:
 *  equality and range filters become `__exact`/`__gte`/`__lte` on the route's columns, `limit` `_size`; the order
 *  is the table's primary key (bench/sqlite-tables.ts makes it the route's order). */
export function datasettePath(gatewayPath: string): string {
  const url = new URL(gatewayPath, 'http://gateway.invalid');
  const route = routesOfKind('list').find((r) => r.path === url.pathname);
  if (!route) throw new Error(`not a list path: ${gatewayPath}`);
  const out = new URLSearchParams();
  let size = String(PAGE_LIMIT_DEFAULT);
  for (const [name, value] of url.searchParams) {
    if (name === 'limit') {
      size = value;
      continue;
    }
    const filter = route.params.find((p) => p.name === name)?.filter;
    const op = filter && ({ eq: 'exact', gte: 'gte', lte: 'lte' } as Record<string, string>)[filter.kind];
    // list, element and substring filters have no one-to-one Datasette form; the mix uses none of them
    if (!filter || !op) throw new Error(`${route.path}: parameter ${name} has no Datasette translation`);
    out.append(`${filter.column}__${op}`, value);
  }
  out.append('_size', size);
  out.append('_shape', 'objects');
  return `/${route.resource}.json?${out}`;
}

/** Fetch each query from both sides (`gatewayBase` and `datasetteUrl` are the prefixes the paths hang off) and
 *  count those answered with the same row ids in the same order; the first that differs is named. */
export async function compareRows(gatewayBase: string, datasetteUrl: string, paths: readonly string[]) {
  let same = 0;
  let firstDifference: string | null = null;
  for (const p of paths) {
    const [g, d] = await Promise.all([fetch(gatewayBase + p), fetch(datasetteUrl + datasettePath(p))]);
    const gIds = g.ok ? ((await g.json()) as { data: { id: unknown }[] }).data.map((r) => r.id) : [`HTTP ${g.status}`];
    const dIds = d.ok ? ((await d.json()) as { rows: { id: unknown }[] }).rows.map((r) => r.id) : [`HTTP ${d.status}`];
    if (JSON.stringify(gIds) === JSON.stringify(dIds)) same++;
    else firstDifference ??= `${p}: gateway ${gIds.length} rows [${gIds.slice(0, 3).join(', ')}…], Datasette ${dIds.length} [${dIds.slice(0, 3).join(', ')}…]`;
  }
  return { checked: paths.length, same, firstDifference };
}

interface Load { rps: number; p99: number; errors: number }
type Wrk = (origin: string, paths: readonly string[], connections: number, duration?: number,
  options?: { acceptEncoding?: string | null }) => Promise<Load>;
type Row = [string, string, string, string, string];

/** The gateways compared with Datasette, both without their answer cache: as deployed here (a worker per core) and
 *  one worker. */
export interface ComparedGateways { deployed: string; oneWorker: string }

/**
 * The edge table's Datasette rows: `gatewayPaths` (full paths below `basePath`) against the gateway without its
 * answer cache and the same queries against Datasette, back to back at c8 and c64. The ratio is like for like:
 * identity bytes on both sides, as Datasette sends nothing else (it ignores Accept-Encoding). The notes give the
 * gateway with one worker, and as deployed answering gzip (compressing each answer as it goes).
 */
export async function datasetteRows(datasetteUrl: string | undefined, gateways: ComparedGateways, basePath: string,
  gatewayPaths: readonly string[], wrk: Wrk): Promise<Row[]> {
  if (!datasetteUrl) return [['Datasette (tuned) vs gateway', 'not measured', '', '', DATASETTE_HOWTO]];
  const db = new URL(datasetteUrl);
  if (db.hostname !== '127.0.0.1') throw new Error('the bench only drives loopback: DATASETTE_URL must be http://127.0.0.1:…');
  const relative = gatewayPaths.map((p) => p.slice(basePath.length));
  const check = await compareRows(`${gateways.deployed}${basePath}`, datasetteUrl.replace(/\/$/, ''), relative);
  const dsPaths = relative.map((p) => `${db.pathname.replace(/\/$/, '')}${datasettePath(p)}`);
  const version = await fetch(`${db.origin}/-/versions.json`).then((r) => r.json() as Promise<{ datasette?: { version?: string } }>)
    .then((v) => v.datasette?.version ?? '?', () => '?');
  const identity = { acceptEncoding: null };
  // warm-up, as every other target gets (the gateways' identity answers are new to them)
  await wrk(db.origin, dsPaths, 8, 1, identity);
  for (const origin of [gateways.deployed, gateways.oneWorker]) await wrk(origin, gatewayPaths, 8, 1, identity);
  const times = (g: Load, d: Load) => (d.rps > 0 ? `${(g.rps / d.rps).toFixed(1)}×` : 'n/a');
  const rows: Row[] = [];
  for (const c of [8, 64]) {
    const d = await wrk(db.origin, dsPaths, c, undefined, identity);
    const g = await wrk(gateways.deployed, gatewayPaths, c, undefined, identity);
    const g1 = await wrk(gateways.oneWorker, gatewayPaths, c, undefined, identity);
    const gz = await wrk(gateways.deployed, gatewayPaths, c);
    rows.push([`Datasette ${version} (tuned) vs gateway, filtered pages (${relative.length} queries), identity bytes both sides, c${c}`,
      `Datasette ${d.rps}/s p99 ${d.p99} ms`, `gateway (workers as deployed), no answer cache ${g.rps}/s p99 ${g.p99} ms`,
      `${times(g, d)} Datasette`,
      `1 worker: ${g1.rps}/s (${times(g1, d)}); gzip, as deployed: ${gz.rps}/s p99 ${gz.p99} ms (${times(gz, d)}); `
      + `same row ids on ${check.same}/${check.checked} queries${check.firstDifference ? ` (first difference ${check.firstDifference})` : ''}; `
      + `errors ${d.errors}/${g.errors}/${g1.errors}/${gz.errors}`]);
  }
  return rows;
}
