// The desk's static files, from a fixed map (no name from a request becomes a path): htmx from node_modules, and
// the desk's own script and style sheet. Read once, on first use.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const FILES: Record<string, { file: () => string; type: string }> = {
  'htmx.min.js': { file: () => require.resolve('htmx.org/dist/htmx.min.js'), type: 'text/javascript; charset=utf-8' },
  'desk.js': { file: () => path.join(here, '..', 'assets', 'desk.js'), type: 'text/javascript; charset=utf-8' },
  'desk.css': { file: () => path.join(here, '..', 'assets', 'desk.css'), type: 'text/css; charset=utf-8' },
};
const read = new Map<string, Buffer>();

export function readAsset(name: string): { body: Buffer; type: string } | null {
  const entry = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
  if (!entry) return null;
  if (!read.has(name)) read.set(name, readFileSync(entry.file()));
  return { body: read.get(name)!, type: entry.type };
}
