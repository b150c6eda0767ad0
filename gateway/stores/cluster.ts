// The rate-limit store of a cluster worker: every hit is counted by the primary process (which holds one memory store
// for all workers), so N workers on one port keep one exact limit without Redis. Worker and primary talk over the
// cluster's IPC channel; a primary that does not answer in time is a store failure (the limiter fails open or closed).
import type { ClientWindow, RateLimitStore } from './types.ts';

/** One call from a worker to the primary's store. */
interface StoreCall { id: number; op: 'increment' | 'get' | 'resetKey'; key: string; limit?: number }
/** The primary's answer to one call. */
interface StoreAnswer { id: number; value?: ClientWindow | null; error?: string }
// The calls of one event-loop turn travel as one message and are answered as one: per-message IPC cost (framing,
// JSON, a syscall each way) is what limits the primary, not the counting.
interface CallBatch { rateLimit: 'calls'; calls: StoreCall[] }
interface AnswerBatch { rateLimit: 'answers'; answers: StoreAnswer[] }

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
}

/** Worker side: a store whose counts live in the primary. */
export function createClusterStore(options: ClusterStoreOptions): RateLimitStore {
  const { channel, windowMs } = options;
  const timeoutMs = options.timeoutMs ?? 1_000;
  const pending = new Map<number, { resolve(value: ClientWindow | null): void; reject(error: Error): void }>();
  let queue: StoreCall[] = [];
  let nextId = 1;
  const fail = (id: number, error: Error) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    waiting.reject(error);
  };
  const onMessage = (message: unknown) => {
    if (!_isAnswers(message)) return;
    for (const answer of message.answers) {
      const waiting = pending.get(answer.id);
      if (!waiting) continue; // answered after its timeout
      pending.delete(answer.id);
      if (answer.error !== undefined) waiting.reject(new Error(`rate-limit store in the primary: ${answer.error}`));
      else waiting.resolve(answer.value ?? null);
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

  function call(op: StoreCall['op'], key: string, limit?: number): Promise<ClientWindow | null> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (queue.length === 0) setImmediate(flush);
      queue.push(limit === undefined ? { id, op, key } : { id, op, key, limit });
    });
  }

  return {
    windowMs,
    async increment(key, limit) {
      const value = await call('increment', key, limit);
      if (!value) throw new Error('rate-limit store in the primary answered an increment without a window');
      return value;
    },
    async get(key) {
      return (await call('get', key)) ?? undefined;
    },
    async resetKey(key) {
      await call('resetKey', key);
    },
    async shutdown() {
      channel.off('message', onMessage);
      for (const id of [...pending.keys()]) fail(id, new Error('rate-limit store shut down'));
    },
  };
}

/** Primary side: answer one worker's store calls from `store` (the primary's memory store). Returns a detach. */
export function serveClusterStore(worker: Channel, store: RateLimitStore): () => void {
  const answerOne = async (c: StoreCall): Promise<StoreAnswer> => {
    try {
      const value = c.op === 'increment' ? await store.increment(c.key, c.limit ?? 0)
        : c.op === 'get' ? await store.get(c.key)
          : await store.resetKey(c.key).then(() => null);
      return { id: c.id, value: value ?? null };
    } catch (error) {
      return { id: c.id, error: error instanceof Error ? error.message : String(error ?? 'failed') };
    }
  };
  const onMessage = (message: unknown) => {
    if (!_isCalls(message)) return;
    // answered in the order asked (the memory store counts synchronously, so the order is the counting order)
    void Promise.all(message.calls.map(answerOne)).then((answers) => {
      try {
        worker.send({ rateLimit: 'answers', answers } satisfies AnswerBatch);
      } catch {
        // the worker is gone; its pending calls time out on its side if it is still alive
      }
    });
  };
  worker.on('message', onMessage);
  return () => worker.off('message', onMessage);
}

function _isCalls(message: unknown): message is CallBatch {
  return typeof message === 'object' && message !== null && (message as CallBatch).rateLimit === 'calls' && Array.isArray((message as CallBatch).calls);
}

function _isAnswers(message: unknown): message is AnswerBatch {
  return typeof message === 'object' && message !== null && (message as AnswerBatch).rateLimit === 'answers' && Array.isArray((message as AnswerBatch).answers);
}
