// A private loopback server for the warm-up: a throwaway gateway's listener behind the gateway's own HTTP server, on
// an ephemeral 127.0.0.1 port of this process alone (exclusive: a cluster worker does not share it through the
// primary), and a client in a worker thread that GETs through it. The warm-up requests then take the path clients
// take (Node's HTTP server, the fast path), so that is what V8 compiles first. The in-process fetch through web
// Request/Response objects this replaces left Node's stream internals taking slow paths on later requests in perf
// profiles (Runtime_DefineKeyedOwnPropertyInLiteral, MigrateToMap from nextTick and onwrite); see issue 14's note
// for how often, and how much of it run-to-run noise hides.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createGateway, type AppDeps } from '../app.ts';
import { createMemoryStore } from '../stores/memory.ts';
import { createHttpServer, type HttpServerOptions } from './http-server.ts';
import { basePathOf } from './routing.ts';
import { warmUp, type WarmGet, type WarmOptions, type WarmResult } from './warm.ts';

/** Warm the export `deps.site` serves: a throwaway gateway with its own store and no limit (the warm-up spends
 *  nobody's budget and is never refused: it sends hundreds of requests from one address), over a loopback socket. */
export async function warmExport(deps: Pick<AppDeps, 'config' | 'site' | 'cachePolicy'>, http: HttpServerOptions,
  options: WarmOptions = {}): Promise<WarmResult> {
  const config = { ...deps.config, rateLimitAnon: Number.MAX_SAFE_INTEGER, rateLimitKey: Number.MAX_SAFE_INTEGER };
  const { listener } = createGateway({ ...deps, config, store: createMemoryStore({ windowMs: 60_000 }), log: () => {} });
  const loopback = await openWarmServer(listener, basePathOf(config.baseUrl), http);
  return warmUp(loopback.get, options).finally(() => loopback.close());
}

export interface WarmServer {
  /** GET a path under the API root through the loopback server. */
  get: WarmGet;
  /** Stop the server and the client's connection. */
  close(): Promise<void>;
}

/** Listen with `listener` on a loopback port of this process's own; `basePath` is the API root's path (/api/v1). */
export async function openWarmServer(listener: (req: IncomingMessage, res: ServerResponse) => void, basePath: string,
  options: HttpServerOptions): Promise<WarmServer> {
  const server = createHttpServer(listener, options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  // The client runs in a worker thread, a V8 isolate of its own: its requests and responses (the same stream classes)
  // never share compiled code and type feedback with the server's.
  const client = new Worker(CLIENT, { eval: true, workerData: { port, basePath } });
  const waiting = new Map<number, { resolve: (answer: { status: number; body: Uint8Array }) => void; reject: (error: Error) => void }>();
  client.on('message', (m: { id: number; status?: number; body?: Uint8Array; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) w?.reject(new Error(m.error));
    else w?.resolve({ status: m.status!, body: m.body! });
  });
  client.on('error', (error) => { for (const w of waiting.values()) w.reject(error); waiting.clear(); });
  let next = 0;

  const get: WarmGet = (path, acceptEncoding) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    client.postMessage({ id, path, acceptEncoding });
  });

  const close = async () => {
    await client.terminate();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  return { get, close };
}

// The worker's code (plain JavaScript: a worker thread does not inherit the TypeScript loader).
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ id, path, acceptEncoding }) => {
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  request({ host: '127.0.0.1', port: workerData.port, path: workerData.basePath + path, agent, headers }, (res) => {
    const chunks = [];
    res.on('data', (chunk) => chunks.push(chunk));
    res.on('end', () => parentPort.postMessage({ id, status: res.statusCode, body: Buffer.concat(chunks) }));
    res.on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
  }).on('error', (error) => parentPort.postMessage({ id, error: String(error) })).end();
});
`;
