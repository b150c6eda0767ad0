// What every chart shares: its size, fonts, colours and the parts of its Vega-Lite spec that are not data. The
// colours are read in greyscale and by colour-blind readers too: series take colours from viridis (its lightness
// rises steadily, so greyscale keeps the order, and it is built for the common colour-vision deficiencies) and also
// differ by dash or shape, so no series is told apart by hue alone.
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';

/** The SVG's plot width and height (pixels; the SVG adds its title, axes, legend and source line around them); the
 *  spec itself takes its container's width. */
export const PLOT_WIDTH = 640;
export const PLOT_HEIGHT = 300;

/** Subtitle lines are wrapped at this many characters, so a long subtitle never widens the chart. */
export const SUBTITLE_CHARS = 105;

export const FONT = 'Helvetica, Arial, sans-serif';

/** Four to six series colours from viridis, darkest first (each a step of lightness from the last). */
export const SERIES_COLOURS = ['#440154', '#31688e', '#35b779', '#b8a000', '#7e4e9a', '#1f9e89'] as const;
/** Dash patterns paired with the colours above, so lines differ without colour. */
export const SERIES_DASHES = [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3]] as const;
/** Stacked bars and shaded cells: viridis' steps of lightness tell them apart in greyscale too. */
export const SEQUENTIAL_SCHEME = 'viridis';
/** The emphasis colour of marked points (spikes, the intervention): black reads in any rendering. */
export const MARK_COLOUR = '#000000';
export const BAND_COLOUR = '#9e9e9e';

/** What a chart says about where its data come from: the API URL it draws, the licence, the attribution and the
 *  export date. */
export function sourceLine(insightUrl: string, exportDate: string): string {
  return `Data: ${insightUrl} (export of ${exportDate}). ${ATTRIBUTION} ${LICENCE}`;
}

/** The spec's configuration: fonts, sizes and the quiet grid every chart uses. */
export const CONFIG = {
  font: FONT,
  // the SVG is one image (role="img") named by its <title> and <desc>: no ARIA label on every mark, which would
  // double a chart's bytes for a reading of each point a table serves better (the spec's inline data)
  aria: false,
  background: 'white',
  title: { fontSize: 16, subtitleFontSize: 12, anchor: 'start', subtitleColor: '#333333', offset: 12 },
  axis: { labelFontSize: 11, titleFontSize: 12, gridColor: '#e6e6e6', domainColor: '#666666', tickColor: '#666666' },
  legend: { labelFontSize: 11, titleFontSize: 12, symbolStrokeWidth: 2, labelLimit: 300, titleLimit: 300 },
  view: { stroke: null },
} as const;
