// Draws a chart's Vega-Lite spec as SVG, headless: vega-lite compiles it, vega renders the scenegraph to SVG text
// with no canvas and no network (the data are inline), and the SVG gets what a reader and a screen reader need that
// Vega does not draw: <title> and <desc> first (WAI-ARIA graphics: role="img" named by them) and the source line at
// the foot. Text widths are vega's own estimate, never a canvas measurement, so the same spec gives the same bytes on
// every machine whether or not the optional `canvas` package is installed.
import * as vega from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { FONT, PLOT_WIDTH } from './style.ts';

// a canvas measures text with the fonts of the machine it runs on; the estimate depends on the text alone
(vega as unknown as { textMetrics: { canvas(use: boolean): void } }).textMetrics.canvas(false);

export interface SvgText {
  /** Short title (the chart's title) and the longer description a screen reader reads. */
  title: string;
  desc: string;
  /** The source line: data URL, export date, licence and attribution. */
  source: string;
  /** A prefix for the element ids, unique per chart so several charts can be inlined in one page. */
  idPrefix: string;
}

const SOURCE_FONT_SIZE = 10;
const SOURCE_LINE_HEIGHT = 13;
/** Characters per pixel of width at the source font size: a conservative average for Helvetica/Arial. */
const SOURCE_CHAR_WIDTH = 5.4;
const MARGIN = 10;

/** The SVG text of `spec` drawn at the fixed plot width, with title, desc and source line. */
export async function renderSvg(spec: TopLevelSpec, text: SvgText): Promise<string> {
  const fixed = { ...spec, width: PLOT_WIDTH, autosize: { type: 'pad' } } as TopLevelSpec;
  const compiled = compile(fixed).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logLevel: 0 });
  try {
    return _accessible(await view.toSVG(), text);
  } finally {
    view.finalize();
  }
}

/** Vega's SVG with role, <title>, <desc> and the source lines added, its height grown to hold them. */
function _accessible(svg: string, text: SvgText): string {
  const head = /^<svg ([^>]*)width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)" viewBox="0 0 [\d.]+ [\d.]+">/.exec(svg);
  if (!head) throw new Error('chart render: unexpected SVG head from vega');
  const width = Number(head[2]);
  const height = Number(head[3]);
  const lines = wrapText(text.source, Math.floor((width - 2 * MARGIN) / SOURCE_CHAR_WIDTH));
  const grown = height + MARGIN + lines.length * SOURCE_LINE_HEIGHT;
  const titleId = `${text.idPrefix}-title`;
  const descId = `${text.idPrefix}-desc`;
  const open = `<svg ${head[1]}width="${width}" height="${grown}" viewBox="0 0 ${width} ${grown}" role="img" aria-labelledby="${titleId} ${descId}">`
    + `<title id="${titleId}">${escapeXml(text.title)}</title><desc id="${descId}">${escapeXml(text.desc)}</desc>`;
  const source = lines.map((line, i) =>
    `<text x="${MARGIN}" y="${height + MARGIN + (i + 1) * SOURCE_LINE_HEIGHT - 3}" font-family="${FONT}" font-size="${SOURCE_FONT_SIZE}" fill="#333333">${escapeXml(line)}</text>`).join('');
  let body = _rounded(_localIds(svg.slice(head[0].length), text.idPrefix));
  // vega's white background covers the drawing it made; the source lines below it need the same
  body = body.replace(`<rect width="${width}" height="${height}" fill="white"/>`, `<rect width="${width}" height="${grown}" fill="white"/>`);
  if (!body.endsWith('</svg>')) throw new Error('chart render: unexpected SVG tail from vega');
  return `${open}${body.slice(0, -'</svg>'.length)}<g class="source">${source}</g></svg>`;
}

/** Geometry to a hundredth of a pixel (vega writes every coordinate to 15 digits): the image is the same, the file a
 *  fraction of its size. Only geometry attributes are touched, never text (a p-value in a subtitle keeps its digits). */
function _rounded(body: string): string {
  return body.replace(/ (d|transform|x|y|x1|x2|y1|y2|width|height|offset)="([^"]*)"/g, (_, name: string, value: string) =>
    ` ${name}="${value.replace(/\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100))}"`);
}

/** Vega numbers the ids of gradients and clip paths from a counter of the process (`gradient_5`), so one chart's ids
 *  would depend on the charts drawn before it and could clash with another chart's on one page: each is renamed from
 *  the chart's own prefix and its order in the chart. */
function _localIds(body: string, prefix: string): string {
  const renamed = new Map<string, string>();
  for (const m of body.matchAll(/\bid="([A-Za-z]+)_(\d+)"/g)) if (!renamed.has(`${m[1]}_${m[2]}`)) renamed.set(`${m[1]}_${m[2]}`, `${prefix}-${m[1]}-${renamed.size + 1}`);
  if (renamed.size === 0) return body;
  const pattern = new RegExp(`\\b(${[...renamed.keys()].join('|')})\\b`, 'g');
  return body.replace(pattern, (id) => renamed.get(id)!);
}

/** `text` in lines of at most `width` characters, broken between words (a longer word stands on its own line). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Text safe as XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
