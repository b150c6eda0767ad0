// Reading published feeds back for the tests: every feed through a maintained feed parser (feedsmith) and a strict XML
// parser (saxes), with the elements RFC 4287 requires checked on the parsed feed.
import { parseAtomFeed } from 'feedsmith';
import { SaxesParser } from 'saxes';

export interface ParsedEntry {
  id: string;
  title: string;
  updated: string;
  links: { href: string; rel?: string; type?: string }[];
  category: string | null;
}

export interface ParsedFeed {
  id: string;
  title: string;
  updated: string;
  rights: string;
  selfHref: string | null;
  entries: ParsedEntry[];
}

/** Well-formed XML 1.0 (namespaces checked), or the parser's first error thrown. */
export function assertWellFormed(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let error: Error | null = null;
  parser.on('error', (e) => { error ??= e; });
  parser.write(xml).close();
  if (error) throw error;
}

/** The feed parsed by feedsmith, with RFC 4287 §4.1.1 and §4.1.2's required elements asserted present: the feed's
 *  id, title, updated and an author (every entry here has none of its own), and each entry's id, title, updated and
 *  a link (an entry without content must have an alternate link). */
export function parseFeed(xml: string, name = 'feed'): ParsedFeed {
  assertWellFormed(xml);
  const feed = parseAtomFeed(xml) as unknown as {
    id?: string; title?: { value?: string } | string; updated?: string; rights?: { value?: string } | string;
    authors?: { name?: string }[]; links?: { href: string; rel?: string; type?: string }[];
    entries?: { id?: string; title?: { value?: string } | string; updated?: string; links?: { href: string; rel?: string; type?: string }[];
      authors?: unknown[]; categories?: { term?: string }[]; content?: unknown }[];
  };
  const text = (t: { value?: string } | string | undefined) => (typeof t === 'string' ? t : t?.value ?? '').trim();
  const need = (ok: unknown, what: string) => {
    if (!ok) throw new Error(`${name}: ${what}`);
  };
  need(feed.id, 'feed has no id');
  need(text(feed.title), 'feed has no title');
  need(feed.updated, 'feed has no updated');
  need(feed.authors?.some((a) => a.name), 'feed has no author');
  const entries = (feed.entries ?? []).map((e, i) => {
    need(e.id, `entry ${i} has no id`);
    need(text(e.title), `entry ${i} has no title`);
    need(e.updated, `entry ${i} has no updated`);
    need(e.content || e.links?.some((l) => (l.rel ?? 'alternate') === 'alternate'), `entry ${i} has neither content nor an alternate link`);
    return { id: e.id!, title: text(e.title), updated: e.updated!, links: e.links ?? [], category: e.categories?.[0]?.term ?? null };
  });
  return {
    id: feed.id!, title: text(feed.title), updated: feed.updated!, rights: text(feed.rights),
    selfHref: feed.links?.find((l) => l.rel === 'self')?.href ?? null, entries,
  };
}
