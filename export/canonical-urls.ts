// Every canonical URL of an export (relative to the API root) with the file that answers it: what a static host
// serves from files (build/host/nginx.ts, docs/static-hosting.md) and what the tests and the bench request through it.
import { routesOfKind } from '../api/routes.ts';
import { siteLayout, type SiteManifest } from './layout.ts';

export interface CanonicalUrl {
  /** Path and query below the API root, e.g. `/people?cursor=…`. */
  url: string;
  /** The file (relative to the export folder) whose bytes answer it. */
  file: string;
}

/** The canonical URLs of an export, in a fixed order (statics, then each list's pages, then its documents). */
export function canonicalUrls(manifest: Pick<SiteManifest, 'files'>): CanonicalUrl[] {
  const files = Object.keys(manifest.files).sort();
  const has = (rel: string) => Object.hasOwn(manifest.files, rel);
  const out: CanonicalUrl[] = [];
  for (const route of routesOfKind('static')) {
    const file = siteLayout.staticFile(route.file);
    if (has(file)) out.push({ url: route.path, file });
  }
  for (const route of routesOfKind('list')) {
    const first = siteLayout.listFirstPage(route.resource);
    if (has(first)) out.push({ url: `/${route.resource}`, file: first });
    const pages = siteLayout.listPage(route.resource, '');
    const prefix = pages.slice(0, -'.json'.length);
    for (const file of files) {
      if (file.startsWith(prefix) && file.endsWith('.json')) out.push({ url: `/${route.resource}?cursor=${file.slice(prefix.length, -5)}`, file });
    }
  }
  for (const route of routesOfKind('detail')) {
    const prefix = `${siteLayout.listFirstPage(route.resource).slice(0, -'index.json'.length)}`;
    for (const file of files) {
      const key = file.startsWith(prefix) && file.endsWith('.json') ? file.slice(prefix.length, -5) : null;
      if (key && !key.includes('/') && key !== 'index') out.push({ url: route.path.replace('{id}', key), file });
    }
  }
  return out;
}
