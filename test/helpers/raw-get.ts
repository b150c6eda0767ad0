// One HTTP GET read whole, with the header list as sent and the body's bytes as sent (fetch would decode a gzip body):
// for the byte-for-byte comparisons of the edge bench's yardstick (bench/bare-node.ts) and its test.
import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  /** Names and values in the order sent, flat (Node's rawHeaders). */
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
