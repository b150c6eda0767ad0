// labels=1 on list pages without decoding them: in the page's UTF-8 bytes each labelled id field of each record is
// found by its key and its sibling spliced in after its value, giving the bytes
// JSON.stringify(withLabels(JSON.parse(record))) gives, at a fraction of the cost (a page is mostly records the engine
// copies as bytes; decoding, re-serialising and encoding them cost more than the engine's own work).
import { idFieldKind, labelledFields, nameOf, siblingOf, withLabels, type LabelKind, type LabelLookup } from './labels.ts';
import type { ListRoute } from './routes/types.ts';
import { schemas } from './schemas/registry.ts';

/** How one list route's records get their siblings: the labelled fields in record order, each found by its key.
 *  Null when a field that may hold an object comes before a labelled one (a key inside it could be taken for the
 *  record's own), so those records are labelled by parsing them. */
export type RecordLabelPlan = readonly PlannedField[] | null;

interface PlannedField {
  key: Buffer; // `"client_organization_id":`
  siblingKey: Buffer; // `,"client_organization_name":`
  nullSibling: Buffer; // `,"client_organization_name":null`, after a null id
  many: boolean; // an `_ids` array
  kind: LabelKind | null;
  typed?: { key: Buffer; kinds: Readonly<Record<string, LabelKind>> };
}

/** The plan for records whose fields are `fields` in this order; `mayNest(field)`: whether it can hold an object. */
export function recordLabelPlan(fields: readonly string[], mayNest: (field: string) => boolean): RecordLabelPlan {
  const labelled = new Set(labelledFields(fields));
  const plan: PlannedField[] = [];
  for (const field of fields) {
    if (labelled.has(field)) {
      const { kind, typed } = idFieldKind(field);
      if (typed && fields.indexOf(typed.field) > fields.indexOf(field)) return null;
      plan.push({
        key: Buffer.from(`"${field}":`), siblingKey: Buffer.from(`,"${siblingOf(field)}":`),
        nullSibling: Buffer.from(`,"${siblingOf(field)}":null`), many: field.endsWith('_ids'), kind,
        ...(typed ? { typed: { key: Buffer.from(`"${typed.field}":`), kinds: typed.kinds } } : {}),
      });
    } else if (mayNest(field) && plan.length < labelled.size) {
      return null;
    }
  }
  return plan;
}

/** The bytes spliced in after a planned field (`,"client_organization_name":"Acme Inc."`) for an id of a kind, made
 *  once per field, kind and id for one export's names. */
export interface SiblingBytes {
  get(field: PlannedField, kind: LabelKind | null, id: string | number): Buffer;
}

export function siblingBytes(lookup: LabelLookup): SiblingBytes {
  // one table per field and kind: an array by id for integer ids (most of them), a map for the others
  const held = new Map<PlannedField, Map<LabelKind | null, { byNumber: Buffer[]; byString: Map<string, Buffer> }>>();
  return {
    get(field, kind, id) {
      let byKind = held.get(field);
      if (!byKind) held.set(field, byKind = new Map());
      let table = byKind.get(kind);
      if (!table) byKind.set(kind, table = { byNumber: [], byString: new Map() });
      let bytes = typeof id === 'number' ? table.byNumber[id] : table.byString.get(id);
      if (!bytes) {
        bytes = Buffer.concat([field.siblingKey, Buffer.from(JSON.stringify(nameOf(kind, String(id), lookup)))]);
        if (typeof id === 'number') table.byNumber[id] = bytes;
        else table.byString.set(id, bytes);
      }
      return bytes;
    },
  };
}

/**
 * A list body (`body`, its records at `bounds`: runBodyBounds) with each record's siblings spliced in: where each
 * goes is found first, then the body is copied once into a buffer of the final size. A page with a record whose
 * planned key is not where the plan says is labelled by parsing its records instead.
 */
export function spliceLabels(body: Buffer, bounds: Uint32Array, plan: readonly PlannedField[], siblings: SiblingBytes, lookup: LabelLookup): Buffer {
  const at: number[] = [];
  const add: Buffer[] = [];
  for (let r = 0; r < bounds.length; r += 2) {
    if (!_record(body, bounds[r]!, bounds[r + 1]!, plan, siblings, lookup, at, add)) return _parsed(body, bounds, lookup);
  }
  let extra = 0;
  for (const bytes of add) extra += bytes.byteLength;
  const out = Buffer.allocUnsafe(body.byteLength + extra);
  let pos = 0;
  let from = 0;
  for (let i = 0; i < at.length; i++) {
    pos += body.copy(out, pos, from, at[i]);
    pos += add[i]!.copy(out, pos);
    from = at[i]!;
  }
  body.copy(out, pos, from);
  return out;
}

/** Where each planned field of one record ends and what goes after it, pushed onto `at` and `add`; false when a
 *  planned key is not found in order. */
function _record(body: Buffer, start: number, end: number, plan: readonly PlannedField[], siblings: SiblingBytes, lookup: LabelLookup,
  at: number[], add: Buffer[]): boolean {
  let from = start;
  for (const field of plan) {
    const key = body.indexOf(field.key, from);
    if (key < 0 || key >= end) return false;
    const valueStart = key + field.key.byteLength;
    const valueEnd = _valueEnd(body, valueStart, end);
    let kind = field.kind;
    if (field.typed) {
      const t = body.indexOf(field.typed.key, start);
      const type = t < 0 || t >= end ? null : _json(body, t + field.typed.key.byteLength, _valueEnd(body, t + field.typed.key.byteLength, end));
      kind = typeof type === 'string' ? field.typed.kinds[type] ?? null : null;
    }
    at.push(valueEnd);
    add.push(body[valueStart] === 0x6e ? field.nullSibling // null
      : field.many ? _manyNames(body, valueStart, valueEnd, field, kind, lookup) : siblings.get(field, kind, _idKey(body, valueStart, valueEnd)));
    from = valueEnd;
  }
  return true;
}

/** The id at [start, end) (not null) as a map key: a number for digits, the string otherwise. */
function _idKey(body: Buffer, start: number, end: number): string | number {
  if (body[start] === QUOTE) {
    for (let j = start + 1; j < end - 1; j++) if (body[j] === 0x5c) return _json(body, start, end) as string;
    return body.toString('utf8', start + 1, end - 1);
  }
  let n = 0;
  for (let j = start; j < end; j++) {
    const d = body[j]! - 0x30;
    if (d < 0 || d > 9 || n > MAX_ARRAY_ID) return body.toString('latin1', start, end);
    n = n * 10 + d;
  }
  return n > MAX_ARRAY_ID ? body.toString('latin1', start, end) : n;
}

function _manyNames(body: Buffer, start: number, end: number, field: PlannedField, kind: LabelKind | null, lookup: LabelLookup): Buffer {
  const ids = _json(body, start, end) as unknown[];
  return Buffer.concat([field.siblingKey, Buffer.from(JSON.stringify(ids.map((id) => nameOf(kind, id, lookup))))]);
}

/** The page with every record parsed, labelled and written again. */
function _parsed(body: Buffer, bounds: Uint32Array, lookup: LabelLookup): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let r = 0; r < bounds.length; r += 2) {
    const record = JSON.parse(body.toString('utf8', bounds[r]!, bounds[r + 1]!)) as unknown;
    parts.push(body.subarray(from, bounds[r]!), Buffer.from(JSON.stringify(withLabels(record, lookup))));
    from = bounds[r + 1]!;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

const _json = (body: Buffer, start: number, end: number): unknown => JSON.parse(body.toString('utf8', start, end));

/** Where the JSON value starting at byte `i` ends (exclusive), at most `limit`. UTF-8 continuation bytes are never
 *  ASCII, so the structural characters are found byte by byte. */
function _valueEnd(body: Buffer, i: number, limit: number): number {
  const first = body[i];
  if (first === QUOTE) return _stringEnd(body, i, limit);
  if (first === 0x5b || first === 0x7b) { // [ {
    let depth = 0;
    for (let j = i; j < limit; j++) {
      const c = body[j];
      if (c === QUOTE) j = _stringEnd(body, j, limit) - 1;
      else if (c === 0x5b || c === 0x7b) depth++;
      else if ((c === 0x5d || c === 0x7d) && --depth === 0) return j + 1;
    }
    return limit;
  }
  let j = i;
  while (j < limit && body[j] !== 0x2c && body[j] !== 0x7d && body[j] !== 0x5d) j++;
  return j;
}

/** The end (exclusive) of the JSON string whose opening quote is at byte `i`. */
function _stringEnd(body: Buffer, i: number, limit: number): number {
  for (let j = i + 1; j < limit; j++) {
    const c = body[j];
    if (c === 0x5c) j++; // a backslash escapes the next character
    else if (c === QUOTE) return j + 1;
  }
  return limit;
}

const QUOTE = 0x22;
/** Integer ids up to this are kept in an array by id (the registry's ids are small); larger ones in a map. */
const MAX_ARRAY_ID = 10_000_000;

// One plan per list route, made on first use (registry routes never change).
const plans = new WeakMap<ListRoute, RecordLabelPlan>();

/** The plan for a list route's records (its schema's fields, in the order its records are written). */
export function routeLabelPlan(route: ListRoute): RecordLabelPlan {
  if (!plans.has(route)) {
    const properties = (schemas[route.schema] as { properties: Record<string, { type?: unknown; items?: { type?: unknown } }> }).properties;
    const holdsObjects = (t: unknown) => t === undefined || t === 'object' || (Array.isArray(t) && t.includes('object'));
    const isArray = (t: unknown) => t === 'array' || (Array.isArray(t) && t.includes('array'));
    plans.set(route, recordLabelPlan(route.fields, (field) => {
      const p = properties[field];
      return !p || holdsObjects(p.type) || (isArray(p.type) && holdsObjects(p.items?.type));
    }));
  }
  return plans.get(route)!;
}
