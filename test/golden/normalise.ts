// The golden folder's normaliser: an answer as test/golden/ stores it, re-indented with every token kept as published,
// the parts that name the build rather than the data replaced by placeholders (docs/testing.md, "Golden answers"):
//   - the export id (index `export.id`, bulk manifest `export_id`, anywhere else it appears) → "<export-id>": it is the
//     export date plus a hash of a fingerprint of every published table, so any change to any table, or a DuckDB
//     release that hashes differently, would change it in every file; the export date stays, in its own fields;
//   - the envelope's `next_cursor` → "<cursor v1 query=… after=…>": a cursor is its payload (query hash, export id, key
//     of the last row) signed with an HMAC over the export id, so its bytes follow the export id; what follows the
//     data and the query (the query hash and the row key) is kept;
//   - the bulk manifest's `generated_at` → "<generated-at>": the wall-clock time of the build.
// The export date and every `model_version` (the export date, the newest registry snapshot) are fixed by the golden
// city's as-of date, so they stay as published.

export const EXPORT_ID = '<export-id>';
export const GENERATED_AT = '<generated-at>';

/** The stored text of one answer: JSON pretty-printed (2 spaces, as JSON.stringify indents) with every key, string and
 *  number kept byte for byte (a document's `1.0` stays `1.0`), or JSON Lines as served; `exportId` is the answer's
 *  X-Export-Id. An SVG chart, an Atom feed and the OPML ('raw') are stored as served. */
export function toGoldenText(body: string, exportId: string, format: 'json' | 'jsonl' | 'svg' | 'raw'): string {
  const text = body.split(exportId).join(EXPORT_ID);
  if (format !== 'json') return text.endsWith('\n') ? text : `${text}\n`;
  JSON.parse(text); // the re-indenting below trusts its input to be JSON
  return `${_indented(text, _placeholder)}\n`;
}

/** The placeholder standing for a member's value (JSON text), or undefined to keep it: only the envelope's own
 *  members (depth 1), never a record's field of the same name. */
function _placeholder(key: string, value: string, depth: number): string | undefined {
  if (depth !== 1 || !value.startsWith('"')) return undefined;
  if (key === 'generated_at') return JSON.stringify(GENERATED_AT);
  if (key === 'next_cursor') return JSON.stringify(_cursorPlaceholder(JSON.parse(value) as string));
  return undefined;
}

/** `<base64url JSON [version, query, export, after]>.<base64url MAC>` (api/query/cursor.ts) → its data-bound parts. */
function _cursorPlaceholder(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as unknown;
  if (!Array.isArray(payload) || payload.length !== 4) throw new Error(`next_cursor ${token} is not a cursor of the known layout`);
  const [version, query, , after] = payload as [number, string, string, string];
  return `<cursor v${version} query=${query} after=${after}>`;
}

/** Valid JSON text re-indented token by token (never parsed into numbers), a scalar member's value passed through
 *  `replace` with its key and depth (1: a member of the outermost object). JSON.parse and JSON.stringify would turn the documents' `1.0` into `1`, hiding such a
 *  change from review. */
function _indented(text: string, replace: (key: string, value: string, depth: number) => string | undefined): string {
  let out = '';
  let depth = 0;
  let key: string | null = null; // the key whose value comes next
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (' \t\r\n'.includes(c)) {
      i++;
    } else if (c === '{' || c === '[') {
      const close = _skipSpace(text, i + 1);
      if (text[close] === (c === '{' ? '}' : ']')) {
        out += c === '{' ? '{}' : '[]'; // JSON.stringify writes empty ones closed
        i = close + 1;
      } else {
        depth++;
        out += c + newline();
        i++;
      }
      key = null;
    } else if (c === '}' || c === ']') {
      depth--;
      out += newline() + c;
      i++;
    } else if (c === ',') {
      out += `,${newline()}`;
      i++;
    } else if (c === ':') {
      out += ': ';
      i++;
    } else {
      const end = _tokenEnd(text, i);
      const token = text.slice(i, end);
      if (text[_skipSpace(text, end)] === ':') {
        key = JSON.parse(token) as string;
        out += token;
      } else {
        out += (key !== null ? replace(key, token, depth) : undefined) ?? token;
        key = null;
      }
      i = end;
    }
  }
  return out;
}

function _skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  return i;
}

/** End of the string, number or literal starting at `i`. */
function _tokenEnd(text: string, i: number): number {
  if (text[i] !== '"') {
    let j = i;
    while (j < text.length && !',:]} \t\r\n'.includes(text[j]!)) j++;
    return j;
  }
  let j = i + 1;
  while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}
