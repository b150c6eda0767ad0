// The rate-limit store of a cluster worker: every hit is counted by the primary process (which holds one memory store
// for all workers), so N workers on one port keep one exact limit without Redis. Worker and primary talk over the
// cluster's IPC channel; a primary that does not answer in time is a store failure (the limiter fails open or closed).
import type { ClientWindow, RateLimitStore } from './types.ts';

/** A request from a worker to the primary's store. */
interface StoreCall { rateLimit: 'call'; id: number; op: 'increment' | 'get' | 'resetKey'; key: string; limit?: number }
/** The primary's answer. */
interface StoreAnswer { rateLimit: 'answer'; id: number; value?: ClientWindow | null; error?: string }

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
  const pending = new Map<number, { resolve(value: ClientWindow | null): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  const onMessage = (message: unknown) => {
    if (!_isAnswer(message)) return;
    const call = pending.get(message.id);
    if (!call) return; // answered after its timeout
    pending.delete(message.id);
    clearTimeout(call.timer);
    if (message.error !== undefined) call.reject(new Error(`rate-limit store in the primary: ${message.error}`));
    else call.resolve(message.value ?? null);
  };
  channel.on('message', onMessage);

  function call(op: StoreCall['op'], key: string, limit?: number): Promise<ClientWindow | null> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`rate-limit store in the primary did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      try {
        channel.send({ rateLimit: 'call', id, op, key, limit } satisfies StoreCall);
      } catch (error) {
        pending.delete(id);
        clearTimeout(timer);
        reject(error as Error);
      }
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
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new Error('rate-limit store shut down'));
        pending.delete(id);
      }
    },
  };
}

/** Primary side: answer one worker's store calls from `store` (the primary's memory store). Returns a detach. */
export function serveClusterStore(worker: Channel, store: RateLimitStore): () => void {
  const onMessage = (message: unknown) => {
    if (!_isCall(message)) return;
    const answer = (value: ClientWindow | null | undefined, error?: unknown) => {
      const reply: StoreAnswer = error === undefined
        ? { rateLimit: 'answer', id: message.id, value: value ?? null }
        : { rateLimit: 'answer', id: message.id, error: error instanceof Error ? error.message : String(error) };
      try {
        worker.send(reply);
      } catch {
        // the worker is gone; its pending call times out on its side if it is still alive
      }
    };
    const op = message.op === 'increment' ? store.increment(message.key, message.limit ?? 0)
      : message.op === 'get' ? store.get(message.key)
        : store.resetKey(message.key).then(() => null);
    op.then((value) => answer(value), (error) => answer(undefined, error ?? 'failed'));
  };
  worker.on('message', onMessage);
  return () => worker.off('message', onMessage);
}

function _isCall(message: unknown): message is StoreCall {
  return typeof message === 'object' && message !== null && (message as StoreCall).rateLimit === 'call';
}

function _isAnswer(message: unknown): message is StoreAnswer {
  return typeof message === 'object' && message !== null && (message as StoreAnswer).rateLimit === 'answer';
}
