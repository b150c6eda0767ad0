// The cluster primary's side of the shared rate-limit count (workers: cluster.ts). One memory store counts every
// worker's hits. So that a worker need not ask for every hit, an increment of a client far from its limit (LEND_FLOOR
// hits or more left) also lends the asking worker a block of that client's next hits, counted here at once:
// 1/LEND_SHARE of what is left, MAX_LEND at most. Admission stays exact: a hit is served only if it was counted within
// the limit, here or as part of a loan, and before a client is refused here the hits workers hold unused are taken
// back (a round trip that only happens at a client's limit). What a loan leaves approximate is only the RateLimit `r`
// a worker reports from it, and only above LEND_FLOOR: other workers' hits in between are unknown to it.
import { isCallBatch, isRevoked, type AnswerBatch, type Channel, type Revoke, type StoreAnswer, type StoreCall } from './cluster.ts';
import type { MemoryStore } from './memory.ts';

/** The most hits lent at once: a client with a very high limit (an operator's own key, a load test) costs one IPC round
 *  trip per this many hits per worker, so a small loan makes the primary the bottleneck of such traffic
 *  (docs/benchmarks-edge.md, "Figures behind the code"). */
export const MAX_LEND = 1_024;
/** A loan is at most this share of the hits the client has left, so what other workers hold unused, by which the
 *  RateLimit `r` a worker reports may run ahead of the true count, is each under 1/LEND_SHARE of what the client had
 *  left when it was lent (MAX_LEND at most). */
export const LEND_SHARE = 64;
/** Nothing is lent to a client with fewer hits than this left: below it (every client of the default 60 and 600 per
 *  minute) each hit is counted here and the RateLimit `r` every worker reports is exact. Above it `r` may run ahead
 *  of the true count by what other workers hold unused (LEND_SHARE). */
export const LEND_FLOOR = 1_000;

export interface ClusterPrimaryOptions {
  /** Epoch milliseconds; injected so tests can move time. */
  clock?: () => number;
  /** How long a worker may take to give lent hits back; one that does not keeps them counted. */
  revokeTimeoutMs?: number;
}

export interface ClusterPrimary {
  /** Answer one worker's store calls; returns a detach (a worker that is gone keeps what it was lent counted). */
  serve(worker: Channel): () => void;
}

/** What one worker was lent for one client and has not said it used, in the window ending at `resetAt`; `unsent`: the
 *  answer that carries the loan while it has not been sent (the worker cannot give back what it has not received:
 *  such a loan is cancelled). */
interface Loan { hits: number; resetAt: number; unsent?: StoreAnswer }

export function createClusterPrimary(store: MemoryStore, options: ClusterPrimaryOptions = {}): ClusterPrimary {
  const clock = options.clock ?? Date.now;
  const revokeTimeoutMs = options.revokeTimeoutMs ?? 200;
  const workers = new Set<Channel>();
  const loans = new Map<string, Map<Channel, Loan>>();
  const revoking = new Map<number, (unused: number) => void>();
  const takingBack = new Map<string, Promise<void>>();
  const loanOf = new WeakMap<StoreAnswer, Loan>();
  let nextRevokeId = 1;

  /** `key`'s loans still good (ended ones and those of workers gone are dropped here). */
  function liveLoans(key: string): [Channel, Loan][] {
    const byWorker = loans.get(key);
    if (!byWorker) return [];
    const now = clock();
    for (const [worker, loan] of byWorker) if (loan.resetAt <= now || !workers.has(worker)) byWorker.delete(worker);
    if (byWorker.size === 0) loans.delete(key);
    return [...byWorker];
  }

  /** Whether `worker` holds a loan for `key` that is still good (asked on every increment: no list is made). */
  function holds(worker: Channel, key: string): boolean {
    const loan = loans.get(key)?.get(worker);
    return loan !== undefined && loan.resetAt > clock();
  }

  /** Ask every holder for `key`'s unused lent hits and uncount them; waits for the answers (or their timeout). */
  function takeBack(key: string): Promise<void> {
    // calls that reach the limit together wait for one taking-back: none is refused while lent hits are still out
    let pending = takingBack.get(key);
    if (!pending) {
      pending = _takeBack(key).finally(() => takingBack.delete(key));
      takingBack.set(key, pending);
    }
    return pending;
  }

  async function _takeBack(key: string): Promise<void> {
    await Promise.all(liveLoans(key).map(([worker, loan]) => new Promise<void>((resolve) => {
      if (loan.unsent) {
        delete loan.unsent.lend;
        loans.get(key)?.delete(worker);
        store.giveBack(key, loan.hits, loan.resetAt);
        resolve();
        return;
      }
      const id = nextRevokeId++;
      const done = (unused: number) => {
        if (!revoking.delete(id)) return;
        loans.get(key)?.delete(worker);
        store.giveBack(key, Math.min(unused, loan.hits), loan.resetAt);
        resolve();
      };
      revoking.set(id, done);
      setTimeout(() => done(0), revokeTimeoutMs).unref();
      try {
        worker.send({ rateLimit: 'revoke', id, key } satisfies Revoke);
      } catch {
        done(0);
      }
    })));
  }

  /** Count one hit into `answer` (its window, and a loan if one is made). */
  async function increment(worker: Channel, key: string, limit: number, answer: StoreAnswer): Promise<void> {
    const before = store.windowNow(key);
    // this hit would be refused: first take back what workers were lent and have not used (the asking worker's own
    // too: its other calls may have been in flight together; it reads the request before this call's answer)
    if (before && before.hits >= limit) await takeBack(key);
    const value = answer.value = store.incrementNow(key, limit);
    const lend = Math.min(MAX_LEND, Math.floor((limit - value.hits) / LEND_SHARE));
    // one loan per worker and client at a time: calls that crossed a loan are counted one by one
    if (value.hits > limit || limit - value.hits < LEND_FLOOR || lend < 1 || holds(worker, key)) return;
    store.incrementNow(key, limit, lend);
    answer.lend = lend;
    let byWorker = loans.get(key);
    if (!byWorker) loans.set(key, byWorker = new Map());
    const loan: Loan = { hits: lend, resetAt: value.resetAt, unsent: answer };
    byWorker.set(worker, loan);
    loanOf.set(answer, loan);
    if (loans.size >= 16_384) for (const k of [...loans.keys()]) liveLoans(k);
  }

  /** A worker says it used `spent` of the hits lent for `key`: once all are used, the loan is over (another may follow). */
  function spend(worker: Channel, key: string, spent: number): void {
    const loan = loans.get(key)?.get(worker);
    if (!loan || loan.unsent) return;
    loan.hits -= spent;
    if (loan.hits <= 0) loans.get(key)!.delete(worker);
  }

  async function answerOne(worker: Channel, c: StoreCall): Promise<StoreAnswer> {
    if (c.spent) spend(worker, c.key, c.spent);
    try {
      if (c.op === 'increment') {
        const answer: StoreAnswer = { id: c.id };
        await increment(worker, c.key, c.limit ?? 0, answer);
        return answer;
      }
      if (c.op === 'get') return { id: c.id, value: store.windowNow(c.key) ?? null };
      // a forgotten client starts again from nothing: no worker may go on using hits of its old count
      await takeBack(c.key);
      await store.resetKey(c.key);
      return { id: c.id, value: null };
    } catch (error) {
      return { id: c.id, error: error instanceof Error ? error.message : String(error ?? 'failed') };
    }
  }

  return {
    serve(worker) {
      workers.add(worker);
      const onMessage = (message: unknown) => {
        if (isRevoked(message)) {
          revoking.get(message.id)?.(message.unused);
          return;
        }
        if (!isCallBatch(message)) return;
        // counted in the order asked (the memory store counts synchronously), answered together
        void Promise.all(message.calls.map((c) => answerOne(worker, c))).then((answers) => {
          // from here the worker receives its loans before any request to give them back
          for (const a of answers) {
            const loan = loanOf.get(a);
            if (loan) delete loan.unsent;
          }
          try {
            worker.send({ rateLimit: 'answers', answers } satisfies AnswerBatch);
          } catch {
            // the worker is gone; its pending calls time out on its side if it is still alive
          }
        });
      };
      worker.on('message', onMessage);
      return () => {
        worker.off('message', onMessage);
        workers.delete(worker);
      };
    },
  };
}
