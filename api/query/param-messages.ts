// The words of a 400 for a malformed parameter value: what was expected, shown by an example rather than a regular
// expression, and, where a name was sent for an id, the request that finds the id by name.
import type { ParamDef } from '../routes/types.ts';
import { clipInput } from '../errors.ts';

const DIGITS = /^\d+$/;

/** An integer parameter's value is not an integer in [min, max]; a name sent for an id gets the look-up URL. */
export function integerMessage(def: ParamDef, raw: string, min: number, max: number): string {
  const message = `Parameter "${def.name}" must be an integer from ${min} to ${max}, got "${clipInput(raw)}"`;
  // a value of digits out of range is no name: only text is worth looking up
  if (!def.lookup || DIGITS.test(raw) || raw.trim() === '') return message;
  return `${message}; to find the id by name, GET ${lookupPath(def, raw)}`;
}

/** The list request that finds an id parameter's ids by the name sent (`/people?q=Wong`), the name encoded. */
export function lookupPath(def: ParamDef, raw: string): string {
  return `${def.lookup}?q=${encodeURIComponent(raw.trim().slice(0, 60))}`;
}

/** A text parameter's value does not have the parameter's shape: an example of the shape and what it means. */
export function patternMessage(def: ParamDef, raw: string): string {
  const expected = def.example === undefined ? `match the pattern ${def.pattern}` : `look like ${def.example}`;
  return `Parameter "${def.name}" must ${expected} (${_lowerFirst(def.description)}), got "${clipInput(raw)}"`;
}

/** A date parameter's value is not a calendar day in the form YYYY-MM-DD. */
export function dateMessage(def: ParamDef, raw: string): string {
  return `Parameter "${def.name}" must be a calendar date in the form YYYY-MM-DD, such as ${def.example ?? '2025-01-31'}, got "${clipInput(raw)}"`;
}

function _lowerFirst(text: string): string {
  // "SM number…", "Council term" — an initialism keeps its capitals
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
