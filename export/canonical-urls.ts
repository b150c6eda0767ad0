// Every canonical URL of an export (relative to the API root) with the file that answers it, found by matching the
// manifest's files against each route's canonical requests (answering-file.ts): what a static host serves from files
// (build/host/nginx.ts, docs/static-hosting.md) and what the tests and the bench request through it.
import { routesOfKind } from '../api/routes.ts';
import type { Route } from '../api/routes/types.ts';
import { answeringFile, FILE_KEY, fileForms } from './answering-file.ts';
import type { ExportManifest } from './layout.ts';

export interface CanonicalUrl {
  /** Path and query below the API root, e.g. `/people?cursor=…`. */
  url: string;
  /** The file (relative to the export folder) whose bytes answer it. */
  file: string;
}

/** The canonical URLs of an export, one per file, in a fixed order (statics, then each list's pages, then each
 *  detail route's documents, then the charts, then the feeds; within a route by file name). */
export function canonicalUrls(manifest: Pick<ExportManifest, 'files'>): CanonicalUrl[] {
  const files = Object.keys(manifest.files).sort();
  const out: CanonicalUrl[] = [];
  for (const route of [...routesOfKind('static'), ...routesOfKind('list'), ...routesOfKind('detail'), ...routesOfKind('chart'), ...routesOfKind('feed')]) {
    const seen = new Set<string>();
    for (const form of fileForms(route)) {
      const [head, tail] = form.file.split(FILE_KEY) as [string, string | undefined];
      const keys = tail === undefined ? [null] : files.filter((f) => f.startsWith(head) && f.endsWith(tail)).map((f) => f.slice(head.length, f.length - tail.length));
      for (const key of keys) {
        const query = key === null ? form.query : form.query.replace(FILE_KEY, key);
        const id = form.id === undefined ? undefined : key!;
        const file = answeringFile(route, query, id);
        if (file === null || seen.has(file) || !Object.hasOwn(manifest.files, file)) continue;
        seen.add(file);
        out.push({ url: _url(route, query, id), file });
      }
    }
  }
  return out;
}

function _url(route: Route, query: string, id: string | undefined): string {
  const path = id === undefined ? route.path : route.path.replace('{id}', id);
  return query === '' ? path : `${path}?${query}`;
}
