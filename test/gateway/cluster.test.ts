// The cluster primary's supervision with fake workers (no processes): the first worker starts alone, told the launch
// time; the rest start once it listens; the start is announced once all listen; a worker that fails during start
// stops everything; one that dies later is replaced; signals reach every worker.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LAUNCHED_AT_ENV, runPrimary, type ListeningMessage, type PrimaryEffects, type WorkerHandle } from '../../gateway/cluster.ts';

interface FakeWorker extends WorkerHandle {
  env: Record<string, string>;
  signals: string[];
  listen(): void;
  exit(code: number | null, signal?: string | null): void;
}

function fakeCluster() {
  const forks: FakeWorker[] = [];
  const said: string[] = [];
  const warned: string[] = [];
  const exits: number[] = [];
  const timers: { ms: number; task: () => void }[] = [];
  const handlers = new Map<string, () => void>();
  const effects: PrimaryEffects = {
    fork(env) {
      const events = new EventEmitter();
      const worker: FakeWorker = {
        id: forks.length + 1, env, signals: [],
        process: { pid: 1000 + forks.length, kill: (signal) => { worker.signals.push(signal); return true; } },
        send: () => true,
        on: (event, listener) => events.on(event, listener),
        off: (event, listener) => events.off(event, listener),
        once: (event, listener) => events.once(event, listener),
        listen: () => events.emit('message', {
          gateway: 'listening', url: 'http://127.0.0.1:3000/api/v1', exportId: 'e1', store: 'the cluster primary', heapLimitMb: 560,
        } satisfies ListeningMessage),
        exit: (code, signal = null) => events.emit('exit', code, signal),
      };
      forks.push(worker);
      return worker;
    },
    exit: (code) => { exits.push(code); },
    say: (message) => { said.push(message); },
    warn: (message) => { warned.push(message); },
    onSignal: (signal, handler) => { handlers.set(signal, handler); },
    later: (ms, task) => { timers.push({ ms, task }); },
  };
  return { effects, forks, said, warned, exits, timers, signal: (name: string) => handlers.get(name)!() };
}

describe('cluster primary', () => {
  it('starts one worker, told the launch time, and the rest once it listens; announces when all listen', () => {
    const c = fakeCluster();
    runPrimary({ workers: 3, redisUrl: null }, c.effects);
    expect(c.forks).toHaveLength(1);
    expect(Number(c.forks[0]!.env[LAUNCHED_AT_ENV])).toBe(performance.timeOrigin);
    c.forks[0]!.listen();
    expect(c.forks).toHaveLength(3);
    expect(c.forks.slice(1).map((w) => w.env)).toEqual([{}, {}]);
    expect(c.said).toEqual([]);
    c.forks[1]!.listen();
    c.forks[2]!.listen();
    expect(c.said).toEqual(['Toronto lobbying API listening on http://127.0.0.1:3000/api/v1 (export e1; 3 workers, heap limit 560 MB each, '
      + 'rate limits counted in the cluster primary)']);
    // a worker listening again (after a SIGHUP re-check, say) forks nothing more
    c.forks[1]!.listen();
    expect(c.forks).toHaveLength(3);
  });

  it('a first worker that fails during start stops the start before any other is forked', () => {
    const c = fakeCluster();
    runPrimary({ workers: 2, redisUrl: null }, c.effects);
    c.forks[0]!.exit(1);
    expect(c.forks).toHaveLength(1);
    expect(c.warned).toEqual(['gateway worker exited during start (code 1); stopping']);
    expect(c.exits).toEqual([1]);
  });

  it('a later worker that fails during start stops the one already serving', () => {
    const c = fakeCluster();
    runPrimary({ workers: 2, redisUrl: null }, c.effects);
    c.forks[0]!.listen();
    c.forks[1]!.exit(1);
    expect(c.forks[0]!.signals).toEqual(['SIGTERM']);
    expect(c.exits).toEqual([]);
    c.forks[0]!.exit(0);
    expect(c.exits).toEqual([1]);
  });

  it('a worker that dies after the start is replaced after a growing delay, and not told the launch time', () => {
    const c = fakeCluster();
    runPrimary({ workers: 2, redisUrl: null }, c.effects);
    c.forks[0]!.listen();
    c.forks[1]!.listen();
    c.forks[1]!.exit(null, 'SIGKILL');
    expect(c.warned).toEqual(['gateway worker 1001 died (SIGKILL); starting another']);
    expect(c.timers.map((t) => t.ms)).toEqual([100]);
    c.timers[0]!.task();
    expect(c.forks).toHaveLength(3);
    expect(c.forks[2]!.env).toEqual({});
    c.forks[2]!.exit(null, 'SIGKILL');
    expect(c.timers.map((t) => t.ms)).toEqual([100, 200]);
  });

  it('SIGHUP reaches every worker; SIGTERM stops them all and exits once the last has ended', () => {
    const c = fakeCluster();
    runPrimary({ workers: 2, redisUrl: 'redis://127.0.0.1:6379' }, c.effects);
    c.forks[0]!.listen();
    c.forks[1]!.listen();
    c.signal('SIGHUP');
    expect(c.forks.map((w) => w.signals)).toEqual([['SIGHUP'], ['SIGHUP']]);
    c.signal('SIGTERM');
    expect(c.said.at(-1)).toBe('SIGTERM: stopping 2 workers (in-flight requests finish first)');
    expect(c.forks.map((w) => w.signals.at(-1))).toEqual(['SIGTERM', 'SIGTERM']);
    c.forks[0]!.exit(0);
    expect(c.exits).toEqual([]);
    c.forks[1]!.exit(0);
    expect(c.exits).toEqual([0]);
    // and nothing is restarted while stopping
    expect(c.forks).toHaveLength(2);
  });
});
