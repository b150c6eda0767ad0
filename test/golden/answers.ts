// The golden answers of a built city, and how they compare with the folder: every route of the registry asked once
// through the gateway app (no sockets), normalised (normalise.ts), keyed by the file that holds it in test/golden/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routes } from '../../api/routes.ts';
import type { Config } from '../../config/resolve.ts';
import { openCityApp } from '../e2e/harness.ts';
import { toGoldenText } from './normalise.ts';
import { goldenFileName, goldenRequest, type GoldenRoute } from './requests.ts';

/** The golden folder: this file's own. */
export const GOLDEN_DIR = import.meta.dirname;

/** The command that rewrites the folder, as the failures and the docs name it. */
export const REGENERATE = '`npm run golden` (or `make golden`)';

export interface GoldenAnswer {
  route: GoldenRoute;
  /** Path and query below the base URL. */
  request: string;
  /** The text stored in test/golden/<file>. */
  text: string;
}

/** Every route's golden answer on the built city `config`, keyed by file name, in registry order. */
export async function goldenAnswers(config: Config): Promise<Map<string, GoldenAnswer>> {
  const app = await openCityApp(config);
  const answers = new Map<string, GoldenAnswer>();
  for (const route of routes) {
    const request = await goldenRequest(app, route);
    const res = await app.get(request);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${route.id}: ${request} answered ${res.status} (${body.slice(0, 200)}); a golden answer is a 200`);
    const exportId = res.headers.get('x-export-id');
    if (!exportId) throw new Error(`${route.id}: ${request} has no X-Export-Id`);
    const file = goldenFileName(route);
    const format = file.endsWith('.jsonl') ? 'jsonl' : file.endsWith('.svg') ? 'svg' : /\.(atom|opml)$/.test(file) ? 'raw' : 'json';
    try {
      answers.set(goldenFileName(route), { route, request, text: toGoldenText(body, exportId, format) });
    } catch (error) {
      throw new Error(`${route.id}: ${request}: ${(error as Error).message}`);
    }
  }
  return answers;
}

/** The answer files in `dir` (everything but this folder's code and notes). */
export function goldenFiles(dir = GOLDEN_DIR): string[] {
  return readdirSync(dir).filter((f) => /\.(jsonl?|svg|atom|opml)$/.test(f)).sort();
}

export interface GoldenDiff {
  /** Files whose text differs from the answer. */
  changed: string[];
  /** Routes with no file yet. */
  added: string[];
  /** Files of no route (the route was removed or renamed). */
  removed: string[];
  unchanged: number;
}

/** How the folder `dir` differs from `answers`. */
export function diffGolden(answers: ReadonlyMap<string, GoldenAnswer>, dir = GOLDEN_DIR): GoldenDiff {
  const present = new Set(goldenFiles(dir));
  const diff: GoldenDiff = { changed: [], added: [], removed: [...present].filter((f) => !answers.has(f)), unchanged: 0 };
  for (const [file, answer] of answers) {
    if (!present.has(file)) diff.added.push(file);
    else if (readFileSync(path.join(dir, file), 'utf8') !== answer.text) diff.changed.push(file);
    else diff.unchanged++;
  }
  return diff;
}
