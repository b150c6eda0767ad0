// Answers asked with labels=1 (docs/labels.md): the same records with each id field's display name beside it. A list
// page reads its rows' labelled records from the file the build wrote beside the route's data (row for row, opened on
// first use like the data file: its records stay on disk until asked for), so it costs what a page costs; a detail
// document is labelled from the export's labels file. Both are kept in the answer cache like any engine answer.
// Without labels nothing here runs, and canonical files stay files.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { ApiError } from '../../api/errors.ts';
import { detailBody } from '../../api/query/envelope.ts';
import { byteStrings } from '../../api/query/arrow-read.ts';
import { labelledFields, withLabels, type LabelLookup } from '../../api/labels.ts';
import type { RecordSource } from '../../api/query/records.ts';
import type { ListQuery, ResourceTable } from '../../api/query/types.ts';
import { readLabelsFile } from '../../export/labels-file.ts';
import { exportLayout } from '../../export/layout.ts';
import { readArrowSkippingRecords } from '../../export/serve/arrow-without-records.ts';
import { fileRecords } from '../../export/serve/file-records.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { heldFor, heldPerExport } from '../../export/serve/held-per-export.ts';
import type { Reply } from '../http/reply.ts';
import { answerReply } from './export-replies.ts';

/** A list page with labels: the engine's rows for the query, their records read from the labelled records file. */
export async function labelledList(opened: OpenedExport, table: ResourceTable, query: ListQuery, key: string): Promise<Reply> {
  const records = await labelledRecordsOf(opened, table);
  return answerReply(opened, opened.answer(`${key}\nlabels`, () => table.runBody(query, records ?? undefined)));
}

/** The table's labelled records, row for row (opened on first use and kept with the export); null for a route
 *  without id fields to name, whose records are their own labelled form. */
export function labelledRecordsOf(opened: OpenedExport, table: ResourceTable): Promise<RecordSource | null> {
  return heldFor(labelledRecords, opened, table.route.resource, () => _openLabelledRecords(opened, table));
}

/** A detail document with labels, from the export's file of the record (`rel`); null when the export lacks it. */
export async function labelledDetail(opened: OpenedExport, rel: string): Promise<Reply | null> {
  if (!opened.files.has(rel)) return null;
  const [lookup, file] = await Promise.all([heldFor(lookups, opened, '', () => _readLookup(opened)), opened.represent(rel, null)]);
  if (!file) return null;
  return answerReply(opened, opened.answer(`detail\n${rel}\nlabels`, () => {
    const { data } = JSON.parse(new TextDecoder().decode(file.body)) as { data: unknown };
    return Buffer.from(detailBody(JSON.stringify(withLabels(data, lookup))), 'utf8');
  }));
}

// What each export holds for labelled answers, made on first use.
const labelledRecords = heldPerExport<RecordSource | null>();
const lookups = heldPerExport<LabelLookup>();

/** The route's labelled records, row for row with `table`; null for a route without id fields to name (its records
 *  are their own labelled form). */
async function _openLabelledRecords(opened: OpenedExport, table: ResourceTable): Promise<RecordSource | null> {
  if (labelledFields(table.route.fields).length === 0) return null;
  const rel = exportLayout.labelledData(table.route.resource);
  if (!opened.files.has(rel)) throw new ApiError(503, 'service_unavailable', `This export has no labelled records of ${table.route.path}`);
  const handle = await open(path.join(opened.dir, rel));
  try {
    const view = await readArrowSkippingRecords(handle);
    const json = tableFromIPC(view).getChild('_json');
    if (!json || json.length !== table.size) throw new Error(`${rel} does not hold one record per row of ${table.route.resource}`);
    return fileRecords(handle, view, byteStrings(json));
  } catch (error) {
    await handle.close();
    throw new ApiError(503, 'service_unavailable', `This export's labelled records of ${table.route.path} cannot be read (${(error as Error).message})`);
  }
}

async function _readLookup(opened: OpenedExport): Promise<LabelLookup> {
  const bytes = await opened.read(exportLayout.labels);
  if (!bytes) throw new ApiError(503, 'service_unavailable', 'This export has no labels file, so labels=1 cannot be answered');
  return readLabelsFile(new TextDecoder().decode(bytes));
}
