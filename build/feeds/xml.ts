// The XML the feeds are written with: text and attribute values escaped (XML 1.0 §2.4, §3.3.3) after removing the
// characters XML 1.0 cannot carry at all (§2.2 Char: C0 controls other than tab and line ends, lone surrogates,
// U+FFFE, U+FFFF; the registry's free text holds stray control characters), and one element per call.

/** Text without the characters XML 1.0 cannot carry, its runs of white space collapsed (titles and summaries are one
 *  line). */
export function cleanText(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/\s+/g, ' ').trim();
}

/** Character data: `&`, `<` and `>` escaped (`>` for `]]>`). */
export function escapeText(text: string): string {
  return cleanText(text).replace(/[&<>]/g, (c) => ENTITIES[c]!);
}

/** An attribute value in double quotes: `&`, `<`, `>` and `"` escaped. */
export function escapeAttribute(value: string): string {
  return cleanText(value).replace(/[&<>"]/g, (c) => ENTITIES[c]!);
}

/** `<name attr="…">text</name>`, or `<name attr="…"/>` without text (undefined attributes left out). */
export function element(name: string, attributes: Record<string, string | undefined>, text?: string): string {
  let out = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) out += ` ${key}="${escapeAttribute(value)}"`;
  return text === undefined ? `${out}/>` : `${out}>${escapeText(text)}</${name}>`;
}

const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
