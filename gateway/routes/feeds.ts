// The feed routes (an extension, docs/feeds.md): the export's feed files as the site build wrote them, with their
// twins and ETags like every file, in their own media types. The query is ignored, as a static host ignores it.
import { ApiError, clipInput } from '../../api/errors.ts';
import { FEED_MEDIA_TYPES } from '../../api/routes/feeds.ts';
import type { FeedRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import type { Reply } from '../http/reply.ts';
import { fileReply } from './export-replies.ts';

/** GET /feeds, /feeds.opml and /feeds/{id}.atom: the file, or 404 naming what is missing. */
export async function serveFeed(opened: OpenedExport, route: FeedRoute, id: string | undefined): Promise<Reply> {
  const rel = answeringFile(route, '', id);
  const reply = rel === null ? null : await fileReply(opened, rel);
  if (!reply) {
    throw new ApiError(404, 'not_found', route.variant === 'feed'
      ? `Export ${opened.exportId} has no feed "${clipInput(id ?? '')}"; GET /feeds lists its feeds`
      : `Export ${opened.exportId} has no feed index`);
  }
  const type = route.variant === 'feed' ? FEED_MEDIA_TYPES.atom : route.variant === 'opml' ? FEED_MEDIA_TYPES.opml : null;
  return type ? { ...reply, headers: { 'content-type': `${type}; charset=utf-8` } } : reply;
}
