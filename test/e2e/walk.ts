// Every record of a list endpoint through the gateway, following next_cursor to the end (500 per page).
import type { E2eApp } from './harness.ts';

export async function walkAll<T = Record<string, unknown>>(gw: E2eApp, path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const sep = path.includes('?') ? '&' : '?';
    const page: { status: number; body: { data: T[]; next_cursor: string | null } } = await gw.json(
      `${path}${sep}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const { status, body } = page;
    if (status !== 200) throw new Error(`${path}: ${status} ${JSON.stringify(body)}`);
    out.push(...body.data);
    cursor = body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error(`${path}: cursor loop`);
}
