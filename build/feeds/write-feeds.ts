// The feeds as a part of the site build (docs/feeds.md): every planned feed written as Atom through the site's writer
// (so each gets its twins, its content mtime and ETag, and is linked unchanged from the live export), then the feed
// index as JSON and as OPML. Read from the warehouse's published tables by an injected reader.
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { exportLayout } from '../../export/layout.ts';
import type { SiteExtra } from '../site/write-site.ts';
import { atomWriter, feedUpdated, feedUrl, toDateTime, toOpml } from './atom.ts';
import { planFeeds, type FeedPlan } from './plan.ts';
import type { FeedRows } from './read-rows.ts';

export interface FeedsOptions {
  /** Public base URL ending in /api/v1. */
  baseUrl: string;
  /** The feeds' rows (read-rows.ts over the warehouse; hand-made in tests). */
  readRows: () => Promise<FeedRows>;
}

/** The site-writer part that writes the feeds and their index. */
export function feedsExport(options: FeedsOptions): SiteExtra {
  return async ({ write }) => {
    const plans = planFeeds(await options.readRows(), { baseUrl: options.baseUrl });
    const toAtom = atomWriter(options.baseUrl);
    let entries = 0;
    for (const plan of plans) {
      await write(exportLayout.feed(plan.name), toAtom(plan));
      entries += plan.entries.length;
    }
    await write(exportLayout.feedIndex, JSON.stringify(toFeedIndex(plans, options.baseUrl)));
    await write(exportLayout.feedOpml, toOpml(plans, options.baseUrl));
    return { feeds: plans.length, 'feeds.entries': entries };
  };
}

/** The body of GET /feeds (schema FeedIndex): every feed with its URL, in the plan's order. */
export function toFeedIndex(plans: readonly FeedPlan[], baseUrl: string): Record<string, unknown> {
  return {
    opml: `${baseUrl}/feeds.opml`,
    feeds: plans.map((p) => ({
      id: p.name, url: feedUrl(baseUrl, p.name), title: p.title, kind: p.kind, subject: p.subject, entries: p.entries.length,
      updated: toDateTime(feedUpdated(p)),
    })),
    licence: LICENCE,
    attribution: ATTRIBUTION,
  };
}
