// Response coding negotiated from Accept-Encoding (br preferred over gzip at equal quality, since brotli makes JSON
// smaller). The variants themselves are made once: static files have twins written by the site writer, engine
// answers are compressed once and kept with the answer (export/serve/open-export.ts).
import type { Encoding } from '../../export/representations.ts';

// Clients send a handful of distinct headers: each is parsed once.
const negotiated = new Map<string, Encoding | null>();
const NEGOTIATED_MAX = 256;

/** The coding to use for an Accept-Encoding header, or null for identity. */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const known = negotiated.get(acceptEncoding);
  if (known !== undefined) return known;
  const choice = _negotiate(acceptEncoding);
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(acceptEncoding, choice);
  return choice;
}

function _negotiate(acceptEncoding: string): Encoding | null {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gzip = q.get('gzip') ?? star;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}
