// The export's labels file (exportLayout.labels): the display name of every record an id field can name, by kind
// and id, written by the site build and read by the gateway for answers asked with labels=1. One JSON object of
// objects, kinds and ids in a fixed order, so the same names make the same bytes.
import { LABEL_KINDS, type LabelKind, type LabelLookup } from '../api/labels.ts';

/** The file's text from (kind, id, name) rows; a kind the API does not label is refused (a model and the API
 *  disagree). */
export function labelsFile(rows: readonly { kind: string; id: string; name: string }[]): string {
  const byKind = new Map<string, Map<string, string>>(LABEL_KINDS.map((k) => [k, new Map()]));
  for (const row of rows) {
    const names = byKind.get(row.kind);
    if (!names) throw new Error(`labels: unknown kind "${row.kind}" (known: ${LABEL_KINDS.join(', ')})`);
    if (names.has(row.id)) throw new Error(`labels: ${row.kind} "${row.id}" is named twice`);
    names.set(row.id, row.name);
  }
  const sorted = (names: Map<string, string>) => Object.fromEntries([...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify(Object.fromEntries([...byKind].map(([kind, names]) => [kind, sorted(names)])));
}

/** The lookup the labels file's text gives. */
export function readLabelsFile(text: string): LabelLookup {
  const parsed = JSON.parse(text) as Record<string, Record<string, string>>;
  const byKind = new Map<string, ReadonlyMap<string, string>>();
  for (const kind of LABEL_KINDS) byKind.set(kind, new Map(Object.entries(parsed[kind] ?? {})));
  return (kind: LabelKind, id: string) => byKind.get(kind)?.get(id);
}
