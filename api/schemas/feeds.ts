// The schema of GET /feeds, the feed index, an extension of the v1 contract (docs/feeds.md), marked `x-extension` as
// every addition is (api/openapi-labels.ts; the literal here, as schemas import nothing above them).
import type { Schema } from './shapes.ts';

/** What a feed follows: every new registration, those of a topic or a ward, a member's office, an organisation, or
 *  registrations entering their upcoming window (all, or of a topic). */
export type FeedKind = (typeof FEED_KINDS)[number];

export const FEED_KINDS = [
  'registrations', 'registrations_topic', 'registrations_ward', 'member_office', 'organization', 'upcoming', 'upcoming_topic',
] as const;

const str = { type: 'string' } as const;

export const feedSchemas: Record<string, Schema> = {
  FeedIndex: {
    type: 'object',
    description: 'Extension: every Atom feed of the export',
    properties: {
      opml: { type: 'string', description: 'URL of the same list as OPML 2.0, for feed readers' },
      feeds: {
        type: 'array',
        description: 'Every feed, ordered by kind (in the order of `kind`\'s values) then subject',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string', description: 'The feed\'s name: its URL is {base}/feeds/{id}.atom' },
            url: { type: 'string', description: 'The feed\'s URL (application/atom+xml)' },
            title: { type: 'string', description: 'The feed\'s title, as its <title> says' },
            kind: { type: 'string', enum: [...FEED_KINDS], description: 'What the feed follows' },
            subject: { type: ['string', 'integer', 'null'], description: 'The topic id, ward, person id or organisation id followed; null for a feed of all' },
            entries: { type: 'integer', minimum: 0, description: 'Entries in the feed (at most 100, the newest)' },
            updated: { type: 'string', description: 'The feed\'s <updated>: its newest entry\'s date (RFC 3339)' },
          },
          required: ['id', 'url', 'title', 'kind', 'subject', 'entries', 'updated'],
        },
      },
      licence: str,
      attribution: str,
    },
    required: ['opml', 'feeds', 'licence', 'attribution'],
    'x-extension': true,
  },
};
