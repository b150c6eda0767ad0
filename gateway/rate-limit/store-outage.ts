// Keeps account of rate-limit store outages (Redis unreachable, the cluster primary not answering): the first failed
// call of an outage is logged with its error, the calls during it are counted, and the first success after it logs
// how long it lasted and how many requests were answered without a count. The limiter decides what to answer.

export interface OutageStats {
  /** The store is failing right now. */
  down: boolean;
  /** Outages since start (a run of failed calls counts once). */
  outages: number;
  /** Requests answered while the store was failing (served under fail open, refused 503 under fail closed). */
  requestsDuringOutages: number;
}

export interface OutageTracker {
  failed(error: unknown): void;
  succeeded(): void;
  stats(): OutageStats;
}

/** Track outages; `log` hears one line when an outage starts and one when it ends. */
export function createOutageTracker(mode: 'open' | 'closed', log: (message: string) => void, clock: () => number = Date.now): OutageTracker {
  let down = false;
  let since = 0;
  let outages = 0;
  let requestsDuringOutages = 0;
  let inThisOutage = 0;
  return {
    failed(error) {
      requestsDuringOutages++;
      inThisOutage++;
      if (down) return;
      down = true;
      since = clock();
      outages++;
      const message = error instanceof Error ? error.message : String(error);
      log(`rate-limit store unreachable (${message}); failing ${mode}: ${mode === 'open'
        ? 'serving requests without a rate limit' : 'answering 503'} until it is back (RATE_LIMIT_STORE_DOWN)`);
    },
    succeeded() {
      if (!down) return;
      down = false;
      log(`rate-limit store back after ${((clock() - since) / 1000).toFixed(1)} s; ${inThisOutage} request(s) were answered `
        + `while it was down (${mode === 'open' ? 'served without a limit' : 'refused 503'})`);
      inThisOutage = 0;
    },
    stats: () => ({ down, outages, requestsDuringOutages }),
  };
}
