// Replies made from one export: a listed file as the writer stored it (with its compressed twins), or an engine
// answer held in the export's answer cache (compressed on first demand).
import type { EngineAnswer, OpenedExport } from '../../export/serve/open-export.ts';
import type { Reply } from '../http/reply.ts';

/** The reply of a listed file (null when the export lacks it). */
export async function fileReply(opened: OpenedExport, rel: string): Promise<Reply | null> {
  const identity = await opened.represent(rel, null);
  if (!identity) return null;
  // a method, not an arrow property: tsx's transform would name the arrow with a defineProperty call per reply
  return { status: 200, body: identity.body, etag: identity.etag, encoded(encoding) { return opened.represent(rel, encoding); }, from: opened };
}

/** The reply of an engine answer of `opened`. */
export function answerReply(opened: OpenedExport, answer: EngineAnswer): Reply {
  return { status: 200, body: answer.identity.body, etag: answer.identity.etag, encoded(encoding) { return answer.coded(encoding); }, from: opened };
}
