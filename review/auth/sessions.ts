// Reviewers' sessions, held in the desk's memory (a restart logs everyone out, which is the safe default): a random
// session id in an HttpOnly, SameSite=Strict cookie maps to the reviewer's name and a CSRF token of its own.
import { randomBytes, timingSafeEqual } from 'node:crypto';

export interface Session {
  reviewer: string;
  csrf: string;
  expires: number;
}

export const SESSION_COOKIE = 'desk_session';
/** Sessions end after this long without use. */
const IDLE_MS = 8 * 3600_000;

export interface Sessions {
  create(reviewer: string): { id: string; session: Session };
  get(id: string | undefined): Session | null;
  end(id: string | undefined): void;
}

export function createSessions(now: () => number = Date.now): Sessions {
  const held = new Map<string, Session>();
  return {
    create(reviewer) {
      // drop the expired ones now and then so the map does not grow with abandoned logins
      if (held.size > 1000) for (const [k, s] of held) if (s.expires < now()) held.delete(k);
      const id = randomBytes(32).toString('base64url');
      const session = { reviewer, csrf: randomBytes(32).toString('base64url'), expires: now() + IDLE_MS };
      held.set(id, session);
      return { id, session };
    },
    get(id) {
      if (!id || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
      const s = held.get(id);
      if (!s || s.expires < now()) { if (s) held.delete(id); return null; }
      s.expires = now() + IDLE_MS;
      return s;
    },
    end(id) { if (id) held.delete(id); },
  };
}

/** Whether a submitted CSRF token is the session's (constant time). */
export function csrfMatches(session: Session, submitted: string | null | undefined): boolean {
  if (!submitted) return false;
  const a = Buffer.from(session.csrf);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Login attempts per client address in a sliding minute; past the limit, logins are refused until it slides. */
export function createLoginLimiter(perMinute: number, now: () => number = Date.now) {
  const attempts = new Map<string, number[]>();
  return {
    /** Count an attempt; false when the address is over its limit. */
    allow(client: string): boolean {
      const t = now();
      const recent = (attempts.get(client) ?? []).filter((x) => t - x < 60_000);
      if (recent.length >= perMinute) { attempts.set(client, recent); return false; }
      recent.push(t);
      attempts.set(client, recent);
      return true;
    },
  };
}
