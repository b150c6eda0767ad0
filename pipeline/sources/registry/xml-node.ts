// Reading values out of a record's element tree: children by (case-insensitive) name, repeated groups, JSON payloads.
import { clean } from '../common/clean.ts';
import type { XmlNode } from './xml-records.ts';

/** First child element with this lower-case name. */
export function child(node: XmlNode | undefined, key: string): XmlNode | undefined {
  return node?.children.find((c) => c.key === key);
}

/** Cleaned text of a leaf child (null when absent, empty, "None"…, or when the child has elements of its own). */
export function childText(node: XmlNode | undefined, key: string): string | null {
  const c = child(node, key);
  return c && c.children.length === 0 ? clean(c.text) : null;
}

/**
 * Items of a repeated group, one or many: children named like an item inside any container of the given names,
 * plus items standing directly under the record (lenient for layouts without the container).
 */
export function items(record: XmlNode, containerKeys: readonly string[], itemKeys: readonly string[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const c of record.children) {
    if (containerKeys.includes(c.key)) out.push(...c.children.filter((g) => itemKeys.includes(g.key)));
    else if (itemKeys.includes(c.key)) out.push(c);
  }
  return out;
}

/** Map columns to the cleaned text of child elements named in `fields` (column → element name as in the XML). */
export function pick(node: XmlNode | undefined, fields: Readonly<Record<string, string>>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [column, element] of Object.entries(fields)) out[column] = childText(node, element.toLowerCase());
  return out;
}

// Containers that always hold a list, even with a single child, so payloads have one shape.
const LIST_CONTAINERS = new Set(['pohs', 'lobbyists']);

/** The element as a JSON value: leaves → cleaned text, elements → objects, repeated names and lists → arrays. */
export function toJsonValue(node: XmlNode): unknown {
  if (LIST_CONTAINERS.has(node.key)) return node.children.map(toJsonValue);
  if (node.children.length === 0) return clean(node.text);
  const out: Record<string, unknown> = {};
  const counts = new Map<string, number>();
  for (const c of node.children) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  for (const c of node.children) {
    const value = toJsonValue(c);
    if ((counts.get(c.name) ?? 0) > 1) ((out[c.name] ??= []) as unknown[]).push(value);
    else out[c.name] = value;
  }
  return out;
}
