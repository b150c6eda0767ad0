// Text quirks of the City's files: double-encoded UTF-8, Windows-1252 apostrophes, XML/CSV escaping, case noise.

/** Double-encodes UTF-8 the way the City's older exports do (Bailão → BailÃ£o). */
export function mojibake(s: string): string { return Buffer.from(s, 'utf8').toString('latin1'); }

/**
 * Private-use stand-in for the raw Windows-1252 byte 0x92 (right single quote). Strings carry it until the
 * CSV writer turns it into the single byte, because a JS string cannot hold an invalid UTF-8 byte.
 */
export const CP1252_APOS = '\uE092';
export const CP1252_APOS_UTF8 = Buffer.from(CP1252_APOS, 'utf8');

const XML_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export function xmlEscape(s: string): string { return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => XML_ESC[c]) : s; }

/** RFC 4180 quoting: only when the field needs it, as the City's exports do. */
export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export function csvRow(fields: readonly string[]): string { return fields.map(csvField).join(',') + '\r\n'; }

export function titleCase(s: string): string { return s.toLowerCase().replace(/(^|[\s\-'(])([a-z])/g, (_m, p, c) => p + c.toUpperCase()); }

/** Strips accents for e-mail addresses and slugs. */
export function ascii(s: string): string { return s.normalize('NFD').replace(/[\u0300-\u036f]/g, ''); }

/** Encodes a text chunk to bytes, turning the 0x92 stand-in into the real single byte. */
export function encodeWithCp1252(text: string): Buffer {
  const buf = Buffer.from(text, 'utf8');
  if (!text.includes(CP1252_APOS)) return buf;
  const parts: Buffer[] = [];
  let from = 0, at: number;
  while ((at = buf.indexOf(CP1252_APOS_UTF8, from)) >= 0) {
    parts.push(buf.subarray(from, at), Buffer.from([0x92]));
    from = at + CP1252_APOS_UTF8.length;
  }
  parts.push(buf.subarray(from));
  return Buffer.concat(parts);
}
