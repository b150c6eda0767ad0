// The one value-cleaning step of every adapter: mojibake repaired, trimmed, the City's "no value" texts → null.
import { repairMojibake } from '../../lib/encoding.ts';
import { toMissing } from '../../lib/missing.ts';

/** Cleaned text of a raw value, or null when the City meant "no value". */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return toMissing(repairMojibake(value));
}
