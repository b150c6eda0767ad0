// Shared pieces of the gateway fuzz suites: a seeded generator (the same requests on every run), the published names
// of the e2e city's detail routes, the error-body check every 4xx must pass, and a raw HTTP/1.1 client that sends
// bytes as they are (fetch would refuse or repair the malformed requests the parser cases need).
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import type { DetailRoute } from '../../api/routes/types.ts';
import { exportLayout, type ExportManifest } from '../../export/layout.ts';

/** A seeded generator (mulberry32) with the picks the fuzzers need. */
export function seeded(seed: number) {
  let s = seed | 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof seeded>;

/** Every name a detail route publishes: file keys (ids, slugs, aliases) and the ids kept under another key. */
export function publishedNames(siteDir: string, route: DetailRoute): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(siteDir, exportLayout.manifest), 'utf8')) as ExportManifest;
  const prefix = `api/v1/${route.resource}/`;
  const names = new Set<string>();
  for (const rel of Object.keys(manifest.files)) {
    const rest = rel.slice(prefix.length);
    if (rel.startsWith(prefix) && !rest.includes('/') && rest.endsWith('.json') && rest !== 'index.json') names.add(rest.slice(0, -'.json'.length));
  }
  const moved = JSON.parse(readFileSync(path.join(siteDir, exportLayout.detailIds(route.resource)), 'utf8')) as Record<string, string>;
  for (const id of Object.keys(moved)) names.add(id);
  return names;
}

/** A 4xx/5xx body is the documented error body: JSON with string `error` and `message`. */
export function expectErrorBody(status: number, contentType: string | null | undefined, body: string, what: string): void {
  expect(contentType, what).toBe('application/json; charset=utf-8');
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw new Error(`${what}: ${status} body is not JSON: ${body.slice(0, 80)}`);
  }
  expect(typeof parsed.error, what).toBe('string');
  expect(typeof parsed.message, what).toBe('string');
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Send `bytes` on a fresh connection and read every response until the server closes (the last request asks for
 * `Connection: close`, or is refused). Resolves with the responses parsed in order and whether the connection was
 * reset before any response arrived.
 */
export function rawExchange(port: number, bytes: Buffer | string, timeoutMs = 5_000): Promise<{ responses: RawResponse[]; reset: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let reset = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; got ${Buffer.concat(chunks).toString('latin1').slice(0, 120)}`));
    }, timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') reset = true;
      else reject(e);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const responses = parseResponses(Buffer.concat(chunks));
      resolve({ responses, reset: reset && responses.length === 0 });
    });
    // no half-close: Node aborts the requests of a client that half-closes; the requests ask for Connection: close
    socket.write(bytes);
  });
}

/** Split a byte stream into HTTP/1.1 responses (Content-Length framing; every answer here carries one). */
export function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) throw new Error(`incomplete response head: ${data.toString('latin1', at, at + 80)}`);
    const [statusLine, ...lines] = data.toString('latin1', at, headEnd).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
    if (!status) throw new Error(`not a status line: ${statusLine}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = headers['content-length'] === undefined ? 0 : Number(headers['content-length']);
    const bodyStart = headEnd + 4;
    out.push({ status, headers, body: data.toString('utf8', bodyStart, bodyStart + length) });
    at = bodyStart + length;
  }
  return out;
}
