// The OpenAPI operations of the feed routes (an extension of the v1 contract, docs/feeds.md), marked `x-extension`
// as every addition is: the feed index (JSON), its OPML twin and one Atom feed, which the JSON shapes of openapi.ts
// do not describe.
import { EXTENSION_MARK } from './openapi-labels.ts';
import { FEED_MEDIA_TYPES, FEED_NAME_PATTERN } from './routes/feeds.ts';
import type { FeedRoute } from './routes/types.ts';

type Json = Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const text = { type: 'string' };

/** The operation object of a feed route (operationId, tags and summary are the caller's). */
export function feedOperation(route: FeedRoute): Json {
  const headers = { RateLimit: ref('headers', 'RateLimit'), 'RateLimit-Policy': ref('headers', 'RateLimit-Policy') };
  const content = route.variant === 'index' ? { 'application/json': { schema: ref('schemas', route.schema) } }
    : { [route.variant === 'opml' ? FEED_MEDIA_TYPES.opml : FEED_MEDIA_TYPES.atom]: { schema: text } };
  return {
    ...(route.variant === 'feed' ? {
      parameters: [{
        name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: FEED_NAME_PATTERN },
        description: 'The feed\'s name, as GET /feeds lists it (e.g. registrations, registrations-topic-affordable_housing)',
      }],
    } : {}),
    responses: {
      '200': { description: route.variant === 'index' ? 'The feed index' : route.variant === 'opml' ? 'Every feed as OPML 2.0' : 'The Atom feed', headers, content },
      '304': ref('responses', 'NotModified'),
      '401': ref('responses', 'Unauthorized'),
      ...(route.variant === 'feed' ? { '404': ref('responses', 'NotFound') } : {}),
      '429': ref('responses', 'TooManyRequests'),
    },
    ...EXTENSION_MARK,
  };
}
