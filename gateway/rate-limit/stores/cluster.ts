// The rate-limit store of a cluster worker: every hit is counted by the primary process (which holds one memory store
// for all workers), so N workers on one port keep one exact limit without Redis. Worker and primary talk over the
// cluster's IPC channel; a primary that does not answer in time is a store failure (the limiter fails open or closed).
// Asking the primary for every hit would put an IPC round trip on every request, so the primary lends a worker a
// block of further hits for the same client when the client is far from its limit (cluster-primary.ts): the
// worker counts those itself, at once, and the primary has already counted them. Near the limit nothing is lent, and
// before refusing a client the primary takes back what other workers hold unused, so admission stays exact.
import type { ClientWindow, RateLimitStore } from './types.ts';

/** One call from a worker to the primary's store. */
export interface StoreCall {
  id: number;
  op: 'increment' | 'get' | 'resetKey';
  key: string;
  limit?: number;
  /** Lent hits of this client used since the worker last said (so the primary knows when a loan is spent). */
  spent?: number;
}
/** The primary's answer to one call; `lend`: further hits of the same window counted for this worker to use. */
export interface StoreAnswer { id: number; value?: ClientWindow | null; lend?: number; error?: string }
// The calls of one event-loop turn travel as one message and are answered as one: per-message IPC cost (framing,
// JSON, a syscall each way) is what limits the primary, not the counting.
export interface CallBatch { rateLimit: 'calls'; calls: StoreCall[] }
export interface AnswerBatch { rateLimit: 'answers'; answers: StoreAnswer[] }
/** The primary asks for a client's lent hits back; the worker gives up what it has not used. */
export interface Revoke { rateLimit: 'revoke'; id: number; key: string }
export interface Revoked { rateLimit: 'revoked'; id: number; unused: number }

/** Hits the primary lent this worker for one client: `left` unused, `hits` the count of the last one used. */
interface Lent { left: number; hits: number; resetAt: number }

/** The IPC end of one process: `process` in a worker, a `cluster.Worker` in the primary. */
export interface Channel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

export interface ClusterStoreOptions {
  windowMs: number;
  /** The worker's channel to the primary (process, in a cluster worker). */
  channel: Channel;
  /** Milliseconds the primary may take to answer before the call fails. */
  timeoutMs?: number;
  /** Epoch milliseconds (lent hits are good until their window ends); injected so tests can move time. */
  clock?: () => number;
}

/** Worker side: a store whose counts live in the primary. */
export function createClusterStore(options: ClusterStoreOptions): RateLimitStore {
  const { channel, windowMs } = options;
  const timeoutMs = options.timeoutMs ?? 1_000;
  const clock = options.clock ?? Date.now;
  const lent = new Map<string, Lent>();
  // lent hits used and not yet reported, by client: told with the next call for that client
  const spent = new Map<string, number>();

  /** A hit counted from what the primary lent, or null when nothing usable is held for `key`. */
  function fromLent(key: string): ClientWindow | null {
    const held = lent.get(key);
    if (!held) return null;
    if (held.left <= 0 || held.resetAt <= clock()) {
      lent.delete(key);
      return null;
    }
    held.left--;
    held.hits++;
    spent.set(key, (spent.get(key) ?? 0) + 1);
    return { hits: held.hits, resetAt: held.resetAt };
  }

  function keepLent(key: string, value: ClientWindow, lend: number): void {
    const held = lent.get(key);
    // a second loan while one is live (calls crossed): both were counted, so both are kept
    const left = lend + (held && held.resetAt === value.resetAt ? held.left : 0);
    if (lent.size >= 4_096) {
      for (const [k, l] of lent) if (l.resetAt <= clock()) lent.delete(k);
      if (spent.size >= 4_096) spent.clear(); // counts of clients not seen since (their loans have ended anyway)
    }
    lent.set(key, { left, hits: value.hits, resetAt: value.resetAt });
  }

  function unusedOf(key: string): number {
    const held = lent.get(key);
    return held && held.resetAt > clock() ? held.left : 0;
  }

  const pending = new Map<number, { resolve(answer: StoreAnswer): void; reject(error: Error): void }>();
  let queue: StoreCall[] = [];
  let nextId = 1;
  const fail = (id: number, error: Error) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    waiting.reject(error);
  };
  const onMessage = (message: unknown) => {
    if (_isRevoke(message)) {
      const unused = unusedOf(message.key);
      // the primary ends the loan: what was used of it is settled by `unused`
      lent.delete(message.key);
      spent.delete(message.key);
      try {
        channel.send({ rateLimit: 'revoked', id: message.id, unused } satisfies Revoked);
      } catch {
        // the primary is gone; it gives up waiting on its own
      }
      return;
    }
    if (!_isAnswers(message)) return;
    for (const answer of message.answers) {
      const waiting = pending.get(answer.id);
      if (!waiting) continue; // answered after its timeout
      pending.delete(answer.id);
      if (answer.error !== undefined) waiting.reject(new Error(`rate-limit store in the primary: ${answer.error}`));
      else waiting.resolve(answer);
    }
  };
  channel.on('message', onMessage);

  /** Send the calls queued during this turn (after the poll phase, so every request read in it is included). */
  function flush(): void {
    const calls = queue;
    queue = [];
    try {
      channel.send({ rateLimit: 'calls', calls } satisfies CallBatch);
    } catch (error) {
      for (const c of calls) fail(c.id, error as Error);
      return;
    }
    // one timer per batch, not per request
    setTimeout(() => {
      for (const c of calls) fail(c.id, new Error(`rate-limit store in the primary did not answer within ${timeoutMs} ms`));
    }, timeoutMs).unref();
  }

  function call(op: StoreCall['op'], key: string, limit?: number): Promise<StoreAnswer> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (queue.length === 0) setImmediate(flush);
      const used = spent.get(key);
      if (used !== undefined) spent.delete(key);
      queue.push({ id, op, key, ...(limit === undefined ? {} : { limit }), ...(used === undefined ? {} : { spent: used }) });
    });
  }

  return {
    windowMs,
    incrementNow: (key) => fromLent(key),
    async increment(key, limit) {
      const local = fromLent(key);
      if (local) return local;
      const { value, lend } = await call('increment', key, limit);
      if (!value) throw new Error('rate-limit store in the primary answered an increment without a window');
      if (lend) keepLent(key, value, lend);
      return value;
    },
    async get(key) {
      const { value } = await call('get', key);
      // the primary's count includes what it lent this worker and this worker has not used
      return value ? { hits: value.hits - unusedOf(key), resetAt: value.resetAt } : undefined;
    },
    async resetKey(key) {
      lent.delete(key);
      await call('resetKey', key);
    },
    async shutdown() {
      channel.off('message', onMessage);
      for (const id of [...pending.keys()]) fail(id, new Error('rate-limit store shut down'));
    },
  };
}

export function isCallBatch(message: unknown): message is CallBatch {
  return typeof message === 'object' && message !== null && (message as CallBatch).rateLimit === 'calls' && Array.isArray((message as CallBatch).calls);
}

function _isRevoke(message: unknown): message is Revoke {
  return typeof message === 'object' && message !== null && (message as Revoke).rateLimit === 'revoke' && typeof (message as Revoke).key === 'string';
}

export function isRevoked(message: unknown): message is Revoked {
  return typeof message === 'object' && message !== null && (message as Revoked).rateLimit === 'revoked' && typeof (message as Revoked).id === 'number';
}

function _isAnswers(message: unknown): message is AnswerBatch {
  return typeof message === 'object' && message !== null && (message as AnswerBatch).rateLimit === 'answers' && Array.isArray((message as AnswerBatch).answers);
}
