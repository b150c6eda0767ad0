// The City's spellings of "no value" (empty, blank, "None", "null") turned into null, everything else trimmed.

/** The literal texts the City publishes for a missing value (after trimming); deliberately not "NA" or "NULL". */
const MISSING_TEXTS = new Set(['', 'None', 'null']);

/** Trim a raw value; null for undefined/null, empty or whitespace-only text, "None" and "null". */
export function toMissing(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return MISSING_TEXTS.has(trimmed) ? null : trimmed;
}
