// Answers asked with labels=1 (docs/labels.md): the same records with each id field's display name beside it, made
// by the gateway from the export's labels file (held in memory once asked for) and kept in the answer cache like any
// engine answer. Without labels nothing here runs, and canonical files stay files.
import { ApiError } from '../../api/errors.ts';
import { detailBody, listBody } from '../../api/query/envelope.ts';
import { withLabels, type LabelLookup } from '../../api/labels.ts';
import { routeLabelPlan, siblingBytes, spliceLabels, type SiblingBytes } from '../../api/labels-splice.ts';
import type { ListQuery, ResourceTable } from '../../api/query/types.ts';
import { readLabelsFile } from '../../export/labels-file.ts';
import { exportLayout } from '../../export/layout.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import type { Reply } from '../http/reply.ts';
import { answerReply } from './export-replies.ts';

// One parsed labels file per export; the WeakMap lets it go with the export.
const lookups = new WeakMap<OpenedExport, Promise<Labels>>();

interface Labels {
  lookup: LabelLookup;
  /** The same names as the bytes a list page's records get, each made on first use. */
  siblings: SiblingBytes;
}

function _labelsOf(opened: OpenedExport): Promise<Labels> {
  let lookup = lookups.get(opened);
  if (!lookup) {
    lookup = opened.represent(exportLayout.labels, null).then((file) => {
      if (!file) throw new ApiError(503, 'service_unavailable', 'This export has no labels file, so labels=1 cannot be answered');
      const lookup = readLabelsFile(new TextDecoder().decode(file.body));
      return { lookup, siblings: siblingBytes(lookup) };
    });
    // a failed read is not kept, so the next request tries again
    lookup.catch(() => lookups.delete(opened));
    lookups.set(opened, lookup);
  }
  return lookup;
}

/** A list page with labels: the engine's page for the query, each record with its siblings. */
export async function labelledList(opened: OpenedExport, table: ResourceTable, query: ListQuery, key: string): Promise<Reply> {
  const { lookup, siblings } = await _labelsOf(opened);
  const answer = opened.answer(`${key}\nlabels`, () => {
    const plan = routeLabelPlan(table.route);
    if (plan) {
      const { body, bounds } = table.runBodyBounds(query);
      return spliceLabels(body, bounds, plan, siblings, lookup);
    }
    const page = table.run(query);
    const records = page.records.map((json) => JSON.stringify(withLabels(JSON.parse(json), lookup)));
    return Buffer.from(listBody({ records, nextCursor: page.nextCursor }, query.limit), 'utf8');
  });
  return answerReply(opened, answer);
}

/** A detail document with labels, from the export's file of the record (`rel`); null when the export lacks it. */
export async function labelledDetail(opened: OpenedExport, rel: string): Promise<Reply | null> {
  if (!opened.files.has(rel)) return null;
  const [{ lookup }, file] = await Promise.all([_labelsOf(opened), opened.represent(rel, null)]);
  if (!file) return null;
  const answer = opened.answer(`detail\n${rel}\nlabels`, () => {
    const { data } = JSON.parse(new TextDecoder().decode(file.body)) as { data: unknown };
    return Buffer.from(detailBody(JSON.stringify(withLabels(data, lookup))), 'utf8');
  });
  return answerReply(opened, answer);
}
