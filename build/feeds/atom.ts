// Writes a planned feed as Atom 1.0 (RFC 4287) and the feed list as OPML 2.0. Hand-written over an escaping writer
// (xml.ts) rather than a feed library's builder: an entry appears in several feeds (the registrations feed, its
// topic's, its ward's, its client's and firm's), and its XML is made once and reused, which at the City's volume is
// what keeps the feeds within the site build's budget (docs/benchmarks-take-away.md); the tests read every feed back
// with a maintained feed parser and a strict XML parser. Dates are RFC 3339 at midnight UTC of the data's day, and
// nothing depends on the build's clock, so the same records give the same bytes.
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { FEED_MEDIA_TYPES } from '../../api/routes/feeds.ts';
import { tagUri, type FeedEntry } from './entries.ts';
import type { FeedPlan } from './plan.ts';
import { element } from './xml.ts';

/** `<updated>` of a feed without entries: a fixed date, as no record gives one (the build's clock would change the
 *  bytes every night). */
export const EMPTY_FEED_UPDATED = '2000-01-01';

/** The service as the feeds' author (RFC 4287 §4.1.1: a feed whose entries have no author names one itself). */
export const FEED_AUTHOR = 'Toronto Lobbying Transparency API';

/** The `<rights>` of every feed: the licence and the attribution every API body carries (api/licence.ts). */
export const FEED_RIGHTS = `${LICENCE} ${ATTRIBUTION}`;

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';
const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** The URL of a feed by name. */
export function feedUrl(baseUrl: string, name: string): string {
  return `${baseUrl}/feeds/${name}.atom`;
}

/** The feed's `<updated>` day: its newest entry's. */
export function feedUpdated(plan: FeedPlan): string {
  return plan.entries[0]?.updated ?? EMPTY_FEED_UPDATED;
}

/** RFC 3339 date-time of a data day. */
export function toDateTime(day: string): string {
  return `${day}T00:00:00Z`;
}

/** Makes Atom documents, keeping each entry's XML for the next feed that holds it. */
export function atomWriter(baseUrl: string): (plan: FeedPlan) => string {
  const entryXml = new WeakMap<FeedEntry, string>();
  const head = [
    `<author>${element('name', {}, FEED_AUTHOR)}${element('uri', {}, baseUrl)}</author>`,
    element('rights', {}, FEED_RIGHTS),
  ].join('\n');
  return (plan) => {
    const lines = [
      `${XML_DECLARATION}<feed xmlns="${ATOM_NS}">`,
      element('id', {}, tagUri(baseUrl, `feed:${plan.name}`)),
      element('title', {}, plan.title),
      element('subtitle', {}, plan.subtitle),
      element('updated', {}, toDateTime(feedUpdated(plan))),
      element('link', { rel: 'self', type: FEED_MEDIA_TYPES.atom, href: feedUrl(baseUrl, plan.name) }),
      element('link', { rel: 'alternate', type: 'application/json', href: plan.alternate }),
      head,
    ];
    for (const entry of plan.entries) {
      let xml = entryXml.get(entry);
      if (xml === undefined) entryXml.set(entry, xml = _entry(entry));
      lines.push(xml);
    }
    lines.push('</feed>\n');
    return lines.join('\n');
  };
}

/** The OPML outline of every feed, for a feed reader's import. */
export function toOpml(plans: readonly FeedPlan[], baseUrl: string): string {
  return [
    `${XML_DECLARATION}<opml version="2.0">`,
    `<head>${element('title', {}, `${FEED_AUTHOR}: Atom feeds`)}${element('ownerName', {}, FEED_AUTHOR)}</head>`,
    '<body>',
    ...plans.map((p) => element('outline', { type: 'rss', text: p.title, title: p.title, xmlUrl: feedUrl(baseUrl, p.name), htmlUrl: p.alternate })),
    '</body>',
    '</opml>\n',
  ].join('\n');
}

function _entry(e: FeedEntry): string {
  return [
    '<entry>',
    element('id', {}, e.id),
    element('title', {}, e.title),
    element('updated', {}, toDateTime(e.updated)),
    ...e.links.map((l) => element('link', { rel: l.rel, type: l.type, href: l.href })),
    ...(e.category ? [element('category', { term: e.category.term, label: e.category.label })] : []),
    element('summary', {}, e.summary),
    '</entry>',
  ].join('');
}
