// A real nginx for the static-host tests: the site configuration under test included in a minimal main configuration
// of its own prefix (a temp folder: pid, logs, temp files), on the port the site configuration listens on, in UTC,
// with the brotli_static module; stopped after. `npm test` installs the Debian packages (test/services.sh); a run
// without them fails here with what to install, never silently skips.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export interface NginxServer {
  stop(): Promise<void>;
  /** The error log so far (for failure messages). */
  errors(): Promise<string>;
}

/** Start nginx with `siteConf` (an http-context include) and wait until `port` accepts connections. */
export async function startNginx(siteConf: string, port: number): Promise<NginxServer> {
  if (spawnSync('nginx', ['-v']).status !== 0 || !existsSync(BROTLI_STATIC)) {
    throw new Error('nginx or its brotli_static module is not installed: run the README\'s test command (npm test installs them) '
      + 'or apt-get install nginx libnginx-mod-http-brotli-static');
  }
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nginx-test-'));
  await writeFile(path.join(prefix, 'site.conf'), siteConf);
  await writeFile(path.join(prefix, 'nginx.conf'), [
    `load_module ${BROTLI_STATIC};`,
    'daemon off;',
    'worker_processes 1;',
    // the test's temp folders are private to this user; workers must read them
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'env TZ=UTC;',
    'events { worker_connections 512; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${prefix}/${t};`),
    `    include ${prefix}/site.conf;`,
    '}',
    '',
  ].join('\n'));
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TZ: 'UTC' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = async () => {
    const { readFile } = await import('node:fs/promises');
    return stderr + (await readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => ''));
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${await errors()}`);
    if (await accepts(port)) {
      return {
        errors,
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
          await rm(prefix, { recursive: true, force: true });
        },
      };
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not listen on ${port}:\n${await errors()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}
