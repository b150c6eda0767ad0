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
        key: Buffer.from(`"${field}":`), siblingKey: Buffer.from(`,"${siblingOf(field)}":`), many: field.endsWith('_ids'), kind,
        ...(typed ? { typed: { key: Buffer.from(`"${typed.field}":`), kinds: typed.kinds } } : {}),
      });
    } else if (mayNest(field) && plan.length < labelled.size) {
      return null;
    }
  }
  return plan;
}

/** Names as the JSON bytes a sibling holds (`"Acme Inc."` or `null`); the caller may keep them. */
export type NameBytes = (kind: LabelKind | null, id: string) => Buffer;

/** `lookup`'s names as JSON bytes, each encoded once. */
export function nameBytes(lookup: LabelLookup): NameBytes {
  const held = new Map<string, Buffer>();
  return (kind, id) => {
    const key = `${kind}\n${id}`;
    let bytes = held.get(key);
    if (!bytes) held.set(key, bytes = Buffer.from(JSON.stringify(nameOf(kind, id, lookup))));
    return bytes;
  };
}

/**
 * A list body (`body`, its records at `bounds`: runBodyBounds) with each record's siblings spliced in. A record in
 * which a planned key is not where the plan says is labelled by parsing it instead.
 */
export function spliceLabels(body: Buffer, bounds: Uint32Array, plan: readonly PlannedField[], names: NameBytes, lookup: LabelLookup): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let r = 0; r < bounds.length; r += 2) {
    const start = bounds[r]!;
    const end = bounds[r + 1]!;
    const spliced = _record(body, start, end, plan, names);
    if (!spliced) {
      const record = JSON.parse(body.toString('utf8', start, end)) as unknown;
      parts.push(body.subarray(from, start), Buffer.from(JSON.stringify(withLabels(record, lookup))));
      from = end;
      continue;
    }
    parts.push(body.subarray(from, start), ...spliced.parts);
    from = spliced.end;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}

function _record(body: Buffer, start: number, end: number, plan: readonly PlannedField[], names: NameBytes): { parts: Buffer[]; end: number } | null {
  const parts: Buffer[] = [];
  let from = start;
  for (const field of plan) {
    const at = body.indexOf(field.key, from);
    if (at < 0 || at >= end) return null;
    const valueStart = at + field.key.length;
    const valueEnd = _valueEnd(body, valueStart, end);
    let kind = field.kind;
    if (field.typed) {
      const t = body.indexOf(field.typed.key, start);
      const type = t < 0 || t >= end ? null : _json(body, t + field.typed.key.length, _valueEnd(body, t + field.typed.key.length, end));
      kind = typeof type === 'string' ? field.typed.kinds[type] ?? null : null;
    }
    parts.push(body.subarray(from, valueEnd), field.siblingKey, _names(body, valueStart, valueEnd, field.many, kind, names));
    from = valueEnd;
  }
  parts.push(body.subarray(from, end));
  return { parts, end };
}

function _names(body: Buffer, start: number, end: number, many: boolean, kind: LabelKind | null, names: NameBytes): Buffer {
  if (body[start] === 0x6e) return NULL; // null
  if (!many) return names(kind, body[start] === QUOTE ? _json(body, start, end) as string : body.toString('latin1', start, end));
  const ids = _json(body, start, end) as unknown[];
  return Buffer.from(`[${ids.map((id) => (id === null ? 'null' : names(kind, String(id)).toString())).join(',')}]`);
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
const NULL = Buffer.from('null');

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
