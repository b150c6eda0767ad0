// A gateway started as its own process (`node --import tsx gateway/server.ts`, as `make serve` runs it) for tests that
// need real processes: cluster workers, several gateways on one Redis, nginx in front. Resolves once the process says
// it listens; stop() sends SIGTERM and waits for the exit.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface GatewayProcess {
  /** The API root, e.g. http://127.0.0.1:41234/api/v1. */
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Start gateway/server.ts with `env` added to this process's environment. */
export function startGatewayProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<GatewayProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/server.ts'], {
    cwd: ROOT, env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (\S+)/.exec(output);
      if (!found) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => { output += more.toString(); });
      resolve({
        url: found[1]!,
        output: () => output,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`gateway exited with ${code} before listening:\n${output}`));
    });
  });
}
