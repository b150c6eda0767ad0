// Feeds group, an extension of the v1 contract (docs/feeds.md): Atom feeds (RFC 4287) of what is new — registrations
// by the date the registry first showed them, communications with each member's office, each organisation's
// activity, registrations entering their upcoming window — with a JSON index and an OPML list of every feed.
import type { FeedRoute, Route } from './types.ts';

/** A feed's name (`{id}` of `/feeds/{id}.atom`): lowercase letters, digits, `-` and `_`, so it is a file name. */
export const FEED_NAME_PATTERN = '^[a-z0-9][a-z0-9_-]*$';

/** The media types the feed routes answer with (also the static host's, build/host/nginx.ts). */
export const FEED_MEDIA_TYPES = { atom: 'application/atom+xml', opml: 'text/x-opml' } as const;

const EXTENSION = 'Extension (not in the v1 contract).';

const index: FeedRoute = {
  kind: 'feed', variant: 'index', id: 'feeds.index', path: '/feeds', group: 'Feeds', schema: 'FeedIndex',
  summary: 'Every Atom feed of the latest export with its URL, title, kind, subject and entry count',
  description: `${EXTENSION} Written by the nightly build like every file of an export (docs/feeds.md).`,
};

const opml: FeedRoute = {
  kind: 'feed', variant: 'opml', id: 'feeds.opml', path: '/feeds.opml', group: 'Feeds', schema: 'FeedIndex',
  summary: 'Every Atom feed as an OPML 2.0 outline, for importing into a feed reader',
  description: `${EXTENSION} The same feeds as /feeds, as text/x-opml.`,
};

const feed: FeedRoute = {
  kind: 'feed', variant: 'feed', id: 'feeds.feed', path: '/feeds/{id}.atom', group: 'Feeds', schema: 'FeedIndex',
  summary: 'One Atom feed (RFC 4287): the newest 100 entries of what it follows, newest first',
  description: `${EXTENSION} Feed names: registrations, registrations-topic-{topic}, registrations-ward-{ward}, `
    + 'communications-member-{person id}, organization-{organisation id}, upcoming, upcoming-topic-{topic}; /feeds lists '
    + 'those the export holds. Entry ids are tag: URIs that never change for a record; updated dates come from the '
    + 'data, so a feed whose records did not change keeps its bytes and ETag from night to night. 404 for a name the '
    + 'export has no feed of.',
};

export const feedRoutes: readonly Route[] = [index, opml, feed];
