// Reads an SVG chart back as XML (saxes, a strict well-formedness parser: any error throws): its root's attributes,
// the names of the root's first children, the text of its <title> and <desc>, and the text of the source lines.
import { SaxesParser } from 'saxes';

export interface ParsedSvg {
  root: Record<string, string>;
  /** The root's child elements, in order. */
  children: string[];
  title: string;
  desc: string;
  /** The source lines (the root's `g.source` texts) joined by spaces. */
  source: string;
  /** Every text of the drawing, in order. */
  texts: string[];
}

export function parseSvg(svg: string): ParsedSvg {
  const parser = new SaxesParser({ xmlns: true });
  const out: ParsedSvg = { root: {}, children: [], title: '', desc: '', source: '', texts: [] };
  const stack: { name: string; cls: string }[] = [];
  const sources: string[] = [];
  let text = '';
  parser.on('error', (e) => { throw e; });
  parser.on('opentag', (tag) => {
    if (stack.length === 0) out.root = Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, typeof v === 'string' ? v : v.value]));
    if (stack.length === 1) out.children.push(tag.local);
    const cls = tag.attributes.class;
    stack.push({ name: tag.local, cls: typeof cls === 'string' ? cls : cls?.value ?? '' });
    text = '';
  });
  parser.on('text', (t) => { text += t; });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (stack.length === 1 && tag.local === 'title') out.title = text;
    if (stack.length === 1 && tag.local === 'desc') out.desc = text;
    if (tag.local === 'text') {
      out.texts.push(text);
      if (stack.at(-1)?.cls === 'source') sources.push(text);
    }
    text = '';
  });
  parser.write(svg).close();
  out.source = sources.join(' ');
  return out;
}
