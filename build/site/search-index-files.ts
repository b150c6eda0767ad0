// Writes the export's search files (export/search-file.ts): each searchable list indexed from what the export
// publishes, its serialised records in its data file's order and the published display names (the labels). Nothing
// else is read, so nothing unpublished can become findable.
import type { ListRoute } from '../../api/routes/types.ts';
import { SEARCH_SOURCES, registrationText, type RegistrationText } from '../../api/search/documents.ts';
import type { LabelLookup } from '../../api/labels.ts';
import { exportLayout } from '../../export/layout.ts';
import { searchFileBytes } from '../../export/search-file.ts';

/** The files to write: path → bytes. */
export function searchIndexFiles(records: ReadonlyMap<ListRoute, readonly string[]>, names: LabelLookup): { files: Map<string, Uint8Array> } {
  const byResource = new Map([...records].map(([route, recs]) => [route.resource, recs]));
  const registrations = new Map<string, RegistrationText>();
  for (const text of byResource.get('registrations') ?? []) {
    const r = JSON.parse(text) as Record<string, unknown>;
    registrations.set(String(r.id), registrationText(r));
  }
  const files = new Map<string, Uint8Array>();
  for (const source of SEARCH_SOURCES) {
    const recs = byResource.get(source.resource);
    if (!recs) continue;
    const parsed = recs.map((t) => JSON.parse(t) as Record<string, unknown>);
    files.set(exportLayout.searchIndex(source.resource), searchFileBytes({
      type: source.type,
      fields: source.fields.map((f) => f.name),
      ids: parsed.map((r) => String(r.id)),
      titles: parsed.map((r) => source.title(r, names)),
      paths: parsed.map((r) => source.path(r)),
      rows: parsed.map((r) => source.texts(r, names, (id) => registrations.get(id))),
    }, source.fields.map((f) => f.weight)));
  }
  return { files };
}
