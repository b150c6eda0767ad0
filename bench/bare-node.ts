// The edge bench's yardstick for the gateway's own cost: a bare `node:http` server (no routing, no rate limit, no
// ETag check, no file reads) answering each of a list of URLs with the bytes and headers the gateway sent for it,
// held in memory. What it reaches against nginx is what Node's HTTP server alone allows on this machine, so the
// gateway's figure can be read against it in the same run. Run as its own process (like the gateway, one event loop):
//   BARE_URLS=<file of one path per line> BARE_FROM=<gateway origin> BARE_ACCEPT=gzip PORT=… npx tsx bench/bare-node.ts
// It prints "listening" once every URL is held; a URL it was not given answers 404.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { rawGet } from '../test/helpers/raw-get.ts';

interface Held { headers: string[]; body: Buffer }

/** The gateway's answer to `path`: its headers as a flat list (less those Node writes itself) and its body. */
async function fetchHeld(origin: string, path: string, acceptEncoding: string): Promise<Held> {
  const answer = await rawGet(`${origin}${path}`, { 'accept-encoding': acceptEncoding });
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
  const headers: string[] = [];
  for (let at = 0; at < answer.rawHeaders.length; at += 2) {
    const name = answer.rawHeaders[at]!;
    if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name)) headers.push(name, answer.rawHeaders[at + 1]!);
  }
  return { headers, body: answer.body };
}

const origin = process.env.BARE_FROM!;
const paths = readFileSync(process.env.BARE_URLS!, 'utf8').split('\n').filter(Boolean);
const held = new Map<string, Held>();
// a few at a time: the gateway answers them while nothing else loads it
for (let at = 0; at < paths.length; at += 16) {
  const batch = paths.slice(at, at + 16);
  const answers = await Promise.all(batch.map((p) => fetchHeld(origin, p, process.env.BARE_ACCEPT ?? 'gzip')));
  batch.forEach((p, i) => held.set(p, answers[i]!));
}
const server = createServer((req, res) => {
  const answer = held.get(req.url!);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`listening (${held.size} URLs held)`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
