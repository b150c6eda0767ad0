// The reviewers' desk as an h3 app (it never listens: review/server.ts does): sign-in, the queue, a candidate, and
// the two state-changing requests, decide and undo, which append to the decisions file the night reads. Every page
// needs a session; every POST needs the session's CSRF token (the pre-login token for sign-in) and an Origin of the
// desk's own; the reviewer's name on a decision is the session's. No path or id of a request reaches the file
// system: assets come from a fixed map, candidates are looked up in the queue by a validated key.
import { randomBytes } from 'node:crypto';
import { defineHandler, getRequestIP, H3, type H3Event } from 'h3';
import type { DecisionLog } from './decisions/decision-log.ts';
import { candidateKey, type Verdict } from './decisions/format.ts';
import { planUndo } from './decisions/undo.ts';
import { csrfMatches, SESSION_COOKIE, type Session, type Sessions } from './auth/sessions.ts';
import type { Users } from './auth/users.ts';
import { badPath, field, MAX_QUERY_BYTES, readForm, Refusal, sameOrigin, SECURITY_HEADERS } from './http/guard.ts';
import { readAsset } from './http/assets.ts';
import type { Queue, QueueItem } from './queue/queue-file.ts';
import { latestDecisions, queueView, type Filters } from './queue/queue-view.ts';
import { cannotConfirm, publishEffect } from './queue/publish-effect.ts';
import type { RecordReader } from './records/read-records.ts';
import { candidatePage } from './pages/candidate-page.ts';
import { decisionPanel, type PanelState } from './pages/decision-panel.ts';
import { html, page, type Html } from './pages/html.ts';
import { loginPage } from './pages/login-page.ts';
import { queuePage } from './pages/queue-page.ts';

export interface DeskDeps {
  decisions: DecisionLog;
  queue: () => Promise<Queue>;
  records: RecordReader;
  users: Users;
  sessions: Sessions;
  loginLimiter: { allow(client: string): boolean };
  /** Origins the pages are served from (http://127.0.0.1:3100 …): Origin of every POST must be one. */
  origins: ReadonlySet<string>;
  apiBaseUrl: string;
  /** Cookies carry Secure when the desk is served over HTTPS (behind a proxy). */
  secureCookies?: boolean;
  /** One line per decision (no private data: ids, verdict and reviewer). */
  log?: (line: string) => void;
}

const PRELOGIN_COOKIE = 'desk_prelogin';
const KEY = /^(L[1-7]|topic|position)\|[a-z_]{1,24}\|[A-Za-z0-9._-]{1,64}\|[a-z_]{1,24}\|[A-Za-z0-9._-]{1,64}$/;

const cookieOf = (req: Request, name: string) =>
  (req.headers.get('cookie') ?? '').split(';').map((c) => c.trim().split('=')).find(([k]) => k === name)?.[1];

export function createDesk(deps: DeskDeps): H3 {
  const say = deps.log ?? (() => {});
  const cookie = (name: string, value: string, maxAge?: number) =>
    `${name}=${value}; Path=/; HttpOnly; SameSite=Strict${deps.secureCookies ? '; Secure' : ''}${maxAge !== undefined ? `; Max-Age=${maxAge}` : ''}`;
  const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...headers } });
  const fragment = (body: Html) => answer(200, body.text);

  const sessionOf = (event: H3Event): Session | null => deps.sessions.get(cookieOf(event.req, SESSION_COOKIE));
  const loginAnswer = (status: number, message: string | null) => {
    const token = randomBytes(24).toString('base64url');
    return answer(status, page('Sign in', loginPage(token, message), null), { 'set-cookie': cookie(PRELOGIN_COOKIE, token) });
  };
  /** The session of a page request; without one, a 401 (answered with the sign-in page). */
  const requireSession = (event: H3Event): Session => {
    const s = sessionOf(event);
    if (!s) throw new Refusal(401, 'Sign in first.');
    return s;
  };
  /** A state-changing request: Origin, session, CSRF token; returns the session and the form. */
  const requirePost = async (event: H3Event): Promise<{ session: Session; form: URLSearchParams }> => {
    if (!sameOrigin(event.req.headers, deps.origins)) throw new Refusal(403, 'This request did not come from the desk’s own pages.');
    const session = sessionOf(event);
    if (!session) throw new Refusal(401, 'Sign in first.');
    const form = await readForm(event.req);
    if (!csrfMatches(session, form.get('csrf'))) throw new Refusal(403, 'The form’s token is missing or stale; reload the page.');
    return { session, form };
  };

  const panelState = (queue: Queue, item: QueueItem, session: Session, flash: PanelState['flash'] = null): PanelState => {
    const history = deps.decisions.all().filter((d) => candidateKey(d) === item.key)
      .sort((a, b) => Date.parse(a.reviewed_at) - Date.parse(b.reviewed_at));
    const latest = latestDecisions(deps.decisions.all());
    const after = queue.items.slice(item.rank + 1).find((i) => !latest.has(i.key) && i.key !== item.key) ?? null;
    return { item, history, csrf: session.csrf, nextKey: after?.key ?? null, prevKey: queue.items[item.rank - 1]?.key ?? null, flash };
  };
  const keyParts = (key: string) => {
    const [task, from_type, from_id, to_type, to_id] = key.split('|');
    return { task, from_type, from_id, to_type, to_id };
  };
  /** The answer after a decision or undo: the panel for htmx, else back to the candidate page. */
  const afterAction = (event: H3Event, queue: Queue, key: string, session: Session, flash: NonNullable<PanelState['flash']>) => {
    const item = queue.byKey.get(key);
    if (event.req.headers.get('hx-request') === 'true') {
      return item ? fragment(decisionPanel(panelState(queue, item, session, flash)))
        : fragment(html`<section id="decision" class="decision"><p class="flash ${flash.kind}" role="status">${flash.text}</p><a href="/">Back to the queue</a></section>`);
    }
    return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: item ? `/candidate?k=${encodeURIComponent(key)}` : '/' } });
  };

  const app = new H3({
    onError(error, event) {
      if (error.status === 401 && event.req.method === 'GET') return loginAnswer(401, null);
      if (!error.unhandled) return answer(error.status, page('Refused', html`<h1>${error.status}</h1><p>${error.message}</p>`, null));
      say(`desk: internal error: ${(error.cause as Error | undefined)?.message ?? error.message}`);
      return answer(500, page('Error', html`<h1>500</h1><p>The desk could not answer; nothing was saved by this request.</p>`, null));
    },
  });

  app.use((event) => {
    const url = new URL(event.req.url);
    // the target as the client sent it, before URL parsing resolved its dot segments (Node's server keeps it)
    const raw = (event.runtime?.node?.req as { url?: string } | undefined)?.url ?? event.req.url.slice(url.origin.length);
    if (badPath(raw.split('?')[0]) || url.search.length > MAX_QUERY_BYTES) throw new Refusal(400, 'That address is not one the desk serves.');
  });

  app.get('/assets/:name', defineHandler((event) => {
    const asset = readAsset(event.context.params?.name ?? '');
    if (!asset) throw new Refusal(404, 'No such file.');
    return new Response(new Uint8Array(asset.body), { headers: { ...SECURITY_HEADERS, 'content-type': asset.type, 'cache-control': 'private, max-age=3600' } });
  }));

  // browsers ask for it on their own; an empty answer keeps a 404 out of every page's console
  app.get('/favicon.ico', defineHandler(() => new Response(null, { status: 204, headers: SECURITY_HEADERS })));
  app.get('/login', defineHandler(() => loginAnswer(200, null)));
  app.post('/login', defineHandler(async (event) => {
    if (!sameOrigin(event.req.headers, deps.origins)) throw new Refusal(403, 'This request did not come from the desk’s own pages.');
    const client = getRequestIP(event) ?? 'unknown';
    if (!deps.loginLimiter.allow(client)) throw new Refusal(429, 'Too many sign-in attempts from this address; wait a minute.');
    const form = await readForm(event.req);
    const pre = cookieOf(event.req, PRELOGIN_COOKIE);
    if (!pre || form.get('csrf') !== pre) throw new Refusal(403, 'The sign-in form’s token is missing or stale; reload the page.');
    const reviewer = await deps.users.verify(field(form, 'name', 80), field(form, 'password', 200));
    if (!reviewer) return loginAnswer(401, 'Unknown reviewer or wrong password.');
    const { id } = deps.sessions.create(reviewer);
    return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: '/', 'set-cookie': cookie(SESSION_COOKIE, id) } });
  }));
  app.post('/logout', defineHandler(async (event) => {
    await requirePost(event);
    deps.sessions.end(cookieOf(event.req, SESSION_COOKIE));
    return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: '/login', 'set-cookie': cookie(SESSION_COOKIE, '', 0) } });
  }));

  app.get('/', defineHandler(async (event) => {
    const session = requireSession(event);
    const q = new URL(event.req.url).searchParams;
    const filters: Filters = {
      task: field(q, 'task', 10, /^(L[1-7]|topic|position)$/, true) || null,
      band: (field(q, 'band', 10, /^(high|moderate|low)$/, true) || null) as Filters['band'],
      mine: q.get('mine') === '1',
      waiting: q.get('waiting') === '1',
    };
    const pageNo = Number(field(q, 'page', 6, /^\d+$/, true) || '0');
    await deps.decisions.refresh();
    const view = queueView(await deps.queue(), deps.decisions.all(), session.reviewer, filters);
    return answer(200, page('Queue', queuePage(view, filters, pageNo, new URL(event.req.url).search), session));
  }));

  app.get('/candidate', defineHandler(async (event) => {
    const session = requireSession(event);
    const key = field(new URL(event.req.url).searchParams, 'k', 300, KEY);
    const queue = await deps.queue();
    const item = queue.byKey.get(key);
    if (!item) throw new Refusal(404, 'This candidate is not in the queue (decided and read by the night, or no longer scored).');
    await deps.decisions.refresh();
    const records = await deps.records(item);
    return answer(200, page(`${item.task} candidate`, candidatePage(item, records, deps.apiBaseUrl, panelState(queue, item, session)), session));
  }));

  app.post('/decide', defineHandler(async (event) => {
    const { session, form } = await requirePost(event);
    const key = field(form, 'k', 300, KEY);
    const verdict = field(form, 'verdict', 10, /^(confirmed|rejected)$/) as Verdict;
    const note = field(form, 'note', 1000, undefined, true);
    const queue = await deps.queue();
    const item = queue.byKey.get(key);
    if (item && verdict === 'confirmed' && cannotConfirm(item)) {
      return afterAction(event, queue, key, session, { kind: 'refused', text: cannotConfirm(item)! });
    }
    const saved = await deps.decisions.append({ ...keyParts(key), decision: verdict, reviewer: session.reviewer, note });
    say(`desk: ${saved.task} ${saved.from_type} ${saved.from_id} → ${saved.to_type} ${saved.to_id} ${saved.decision} by ${saved.reviewer}`);
    const text = item
      ? `Saved: ${verdict} by ${saved.reviewer} at ${saved.reviewed_at}. Next night: ${publishEffect(item, verdict)}`
      : `Saved: ${verdict} at ${saved.reviewed_at}, but this candidate is no longer in the queue; the decision is kept (listed on the queue page) and the night applies it whenever it scores the pair again.`;
    return afterAction(event, queue, key, session, { kind: 'saved', text });
  }));

  app.post('/undo', defineHandler(async (event) => {
    const { session, form } = await requirePost(event);
    const key = field(form, 'k', 300, KEY);
    await deps.decisions.refresh();
    const history = deps.decisions.all().filter((d) => candidateKey(d) === key).sort((a, b) => Date.parse(a.reviewed_at) - Date.parse(b.reviewed_at));
    const queue = await deps.queue();
    const plan = planUndo(keyParts(key).task, history);
    if ('refused' in plan) return afterAction(event, queue, key, session, { kind: 'refused', text: plan.refused });
    const saved = await deps.decisions.append({ ...keyParts(key), decision: plan.verdict, reviewer: session.reviewer, note: plan.note });
    say(`desk: undo ${saved.task} ${saved.from_type} ${saved.from_id} → ${saved.to_type} ${saved.to_id} now ${saved.decision} by ${saved.reviewer}`);
    const item = queue.byKey.get(key);
    return afterAction(event, queue, key, session, { kind: 'info', text: `Undone: ${plan.note}.${item ? ` Next night: ${publishEffect(item, plan.verdict)}` : ''}` });
  }));

  return app;
}
