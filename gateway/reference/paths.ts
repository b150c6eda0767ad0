// Where the reference page lives (/docs and the files under /docs/), apart from the API's base path. Its files are
// not counted against the rate limit: they are the same few static files for every visitor, held in memory, and a
// visitor opening the page should not spend the budget they came to try the API with on its scripts and styles.
// The page's "try it" calls go to the API and are counted like any request.

/** Whether a request path is the reference page or one of its files. */
export function isReferencePath(pathname: string): boolean {
  return pathname === '/docs' || pathname.startsWith('/docs/');
}
