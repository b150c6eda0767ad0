// The desk's HTTP hygiene: security headers on every answer (a Content-Security-Policy with no inline script, no
// framing, no caching of pages that show private data), the Host and Origin checks, the refusal of paths that try to
// climb out (`..`, encoded slashes), and a form body read with a hard size limit. Any refusal is an HTML page with
// its status; nothing of the request is logged.
import { HTTPError } from 'h3';

export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_QUERY_BYTES = 2048;

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` on the desk's own form posts
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** A refusal with its status: an h3 HTTPError, so h3 treats it as handled (not logged as a crash). */
export class Refusal extends HTTPError {
  constructor(status: number, message: string) { super({ status, message }); }
}

/** A request path the desk will not even route: traversal, encoded separators, control characters. */
export function badPath(rawPath: string): boolean {
  return /\.\.|%2e|%2f|%5c|%00|\\/i.test(rawPath) || /[\u0000-\u001f]/.test(rawPath);
}

/** Whether a state-changing request comes from the desk's own pages: its Origin (or, lacking one, its Referer's
 *  origin) must be one the desk serves. */
export function sameOrigin(headers: Headers, allowed: ReadonlySet<string>): boolean {
  const origin = headers.get('origin');
  if (origin) return allowed.has(origin);
  const referer = headers.get('referer');
  if (!referer) return false;
  try {
    return allowed.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

/** Read an urlencoded form body of at most MAX_BODY_BYTES; anything else is a 400. */
export async function readForm(req: Request): Promise<URLSearchParams> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new Refusal(400, 'A form body (application/x-www-form-urlencoded) is expected.');
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new Refusal(400, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new Refusal(400, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A form or query field of at most `max` characters matching `pattern`, else a 400. */
export function field(params: URLSearchParams, name: string, max: number, pattern?: RegExp, optional = false): string {
  const value = params.get(name);
  if (value === null || value === '') {
    if (optional) return '';
    throw new Refusal(400, `The field "${name}" is missing.`);
  }
  if (value.length > max) throw new Refusal(400, `The field "${name}" is longer than ${max} characters.`);
  if (pattern && !pattern.test(value)) throw new Refusal(400, `The field "${name}" is not of the expected form.`);
  return value;
}
