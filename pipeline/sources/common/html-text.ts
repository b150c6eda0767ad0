// Plain text from the HTML fragments TMMIS returns (agenda-item summaries): tags dropped, entities decoded.

// Named entities seen in TMMIS text, plus the common Latin-1 letters; anything else is left as written.
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“',
  ndash: '–', mdash: '—', hellip: '…', bull: '•', middot: '·', deg: '°', copy: '©', reg: '®', trade: '™',
  sect: '§', para: '¶', laquo: '«', raquo: '»', frac12: '½', frac14: '¼', frac34: '¾', eacute: 'é', Eacute: 'É',
  egrave: 'è', Egrave: 'È', ecirc: 'ê', euml: 'ë', agrave: 'à', Agrave: 'À', acirc: 'â', aacute: 'á', atilde: 'ã',
  auml: 'ä', ccedil: 'ç', Ccedil: 'Ç', icirc: 'î', iuml: 'ï', iacute: 'í', ocirc: 'ô', oacute: 'ó', ouml: 'ö',
  otilde: 'õ', ucirc: 'û', ugrave: 'ù', uacute: 'ú', uuml: 'ü', ntilde: 'ñ', szlig: 'ß', shy: '',
  ensp: ' ', emsp: ' ', thinsp: ' ', zwnj: '', zwj: '', lrm: '', rlm: '', cent: '¢', pound: '£', euro: '€',
  times: '×', divide: '÷', plusmn: '±', sup2: '²', sup3: '³', ordm: 'º', ordf: 'ª', iexcl: '¡', iquest: '¿',
};

/** Decode HTML character references (`&rsquo;`, `&#8217;`, `&#x2019;`); unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : whole;
    }
    return NAMED[ref] ?? whole;
  });
}

const BLOCK = /<\/?(p|div|br|li|ul|ol|table|tr|h[1-6]|blockquote|section|article)\b[^>]*>/gi;

/** HTML fragment → readable text: block elements become line breaks, other tags vanish, whitespace tidied. */
export function htmlToText(html: string): string {
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(BLOCK, '\n')
      .replace(/<[^>]*>/g, ''),
  );
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
