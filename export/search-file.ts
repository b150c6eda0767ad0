// The export's search documents (exportLayout.searchDocs), one file per searchable list: for each row of the list's
// data file, in the same order, its id, its title, its API path and its field texts as search reads them
// (api/search/documents.ts). Written by the site build from the published records and names; the gateway indexes it
// when the export is first searched. One JSON object, so the same records make the same bytes.
import type { SearchDocs } from '../api/search/index.ts';
import type { SearchType } from '../api/search/documents.ts';

export interface SearchFile extends SearchDocs {
  type: SearchType;
  /** Each row's id, title and API path (below the base URL). */
  ids: readonly string[];
  titles: readonly string[];
  paths: readonly string[];
}

/** The file's text. */
export function searchFileText(file: SearchFile): string {
  return JSON.stringify({
    type: file.type,
    fields: file.fields,
    rows: file.rows.map((texts, i) => [file.ids[i], file.titles[i], file.paths[i], ...texts]),
  });
}

/** The file read back. */
export function readSearchFile(text: string): SearchFile {
  const parsed = JSON.parse(text) as { type: SearchType; fields: string[]; rows: (string | null)[][] };
  if (!Array.isArray(parsed.fields) || !Array.isArray(parsed.rows)) throw new Error('not a search documents file');
  // Communications repeat their registration's text and share titles' and paths' parts: one string kept per distinct
  // text, so the parsed copies go with the parse instead of staying for the export's lifetime.
  const seen = new Map<string, string>();
  const one = <T extends string | null>(text: T): T => {
    if (text === null) return text;
    const kept = seen.get(text);
    if (kept !== undefined) return kept as T;
    seen.set(text, text);
    return text;
  };
  return {
    type: parsed.type,
    fields: parsed.fields,
    ids: parsed.rows.map((r) => String(r[0])),
    titles: parsed.rows.map((r) => one(String(r[1]))),
    paths: parsed.rows.map((r) => one(String(r[2]))),
    rows: parsed.rows.map((r) => r.slice(3).map(one)),
  };
}
