// Requests over real sockets, compared as a client sees them: one request on its own connection, with the status line,
// the header fields as sent (Date and connection management aside) and the body bytes. What the fast-path tests hold
// the fast path and the h3 path to.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Wire { status: number; reason: string; headers: string[]; body: Buffer }

/** A server on a free loopback port for `handler`, kept in `servers` for the caller to close; its port. */
export async function listenOn(servers: Server[], handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<number> {
  const server = createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** GET (or `method`) `path` below /api/v1 on its own connection. */
export function wire(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Wire> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/api/v1${path}`, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      // fields of different names may come in any order (RFC 9110 §5.3; h3 sorts a HEAD answer's): compared as a set
      const fields: string[] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        if (!/^(date|connection|keep-alive)$/i.test(res.rawHeaders[i]!)) fields.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      }
      res.on('end', () => resolve({ status: res.statusCode!, reason: res.statusMessage!, body: Buffer.concat(chunks), headers: fields.sort() }));
    }).on('error', reject).end();
  });
}
