// Entry point of the reviewers' desk (`make review`): resolves its configuration once, refuses to listen beyond this
// machine without reviewers' credentials, opens the decisions log (repairing a torn last line), and listens with
// Node's server over the h3 app (review/app.ts). The only file of review/ that reads the environment or listens.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { toNodeHandler } from 'h3';
import { createDesk } from './app.ts';
import { isLoopback, resolveReviewConfig, type ReviewConfig } from './config.ts';
import { openDecisionLog } from './decisions/decision-log.ts';
import { createLoginLimiter, createSessions } from './auth/sessions.ts';
import { parseUsers, readUsers, type Users } from './auth/users.ts';
import { queueHolder } from './queue/queue-file.ts';
import { warehouseRecords } from './records/read-records.ts';

export interface Desk {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Start the desk; rejects (before listening) on a non-loopback bind without credentials. */
export async function startDesk(config: ReviewConfig, say: (line: string) => void = console.log): Promise<Desk> {
  if (!isLoopback(config.host) && !config.usersFile) {
    throw new Error(`REVIEW_HOST=${config.host} reaches beyond this machine: set REVIEW_USERS to a reviewers' credentials file (make review-user) first`);
  }
  const users: Users = config.usersFile ? readUsers(config.usersFile) : parseUsers('');
  if (users.count === 0) say('No reviewers configured (REVIEW_USERS): nobody can sign in until one is added with `make review-user`.');
  const decisions = await openDecisionLog(config.decisionsFile);
  if (decisions.repaired !== null) say(`Decisions file: a torn last line (a write cut off) was removed and kept in ${config.decisionsFile.replace(/\.csv$/, '')}.torn.log`);
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, maxHeaderSize: 16 * 1024 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => { server.off('error', reject); resolve(); });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const origins = new Set([url, `http://localhost:${address.port}`, `http://127.0.0.1:${address.port}`, ...(config.origin ? [config.origin] : [])]);
  const app = createDesk({
    decisions, queue: queueHolder(config.queueFile), records: warehouseRecords(config.warehousePath), users,
    sessions: createSessions(), loginLimiter: createLoginLimiter(config.loginAttemptsPerMinute), origins,
    apiBaseUrl: config.apiBaseUrl, secureCookies: config.origin?.startsWith('https://') ?? false, log: say,
  });
  server.on('request', toNodeHandler(app));
  say(`Reviewers' desk on ${url} (decisions: ${config.decisionsFile}; queue: ${config.queueFile})`);
  return { server, url, close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const desk = await startDesk(resolveReviewConfig());
    const stop = () => void desk.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
