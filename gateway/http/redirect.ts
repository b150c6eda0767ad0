// Paths above the API (`/`, `/api` when the base path is `/api/v1`) point at the API root instead of answering 404:
// a person who types the host name, or trims the URL, lands on the endpoint list. A permanent redirect (308 keeps
// the method) with a short JSON body for clients that do not follow redirects.
import type { Reply } from './reply.ts';

const encoder = new TextEncoder();

/** Every proper prefix of the base path (`/api/v1` → `/`, `/api`); none when the API sits at the host root. */
export function pathsAboveBase(basePath: string): string[] {
  if (basePath === '') return [];
  const parts = basePath.split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i).join('/')}`);
}

/** The redirect reply to the API root. */
export function toApiRootRedirect(baseUrl: string): Reply {
  const location = `${baseUrl}/`;
  const body = JSON.stringify({ message: `The API is served under ${location}`, location });
  return { status: 308, body: encoder.encode(body), headers: { location } };
}
