// The desk's settings, resolved once by its entry (review/server.ts) and passed down: where the night's files are
// (from config/resolve.ts: RAW_DIR, WAREHOUSE, BASE_URL) and the desk's own (REVIEW_HOST, REVIEW_PORT, REVIEW_USERS).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../config/resolve.ts';

export interface ReviewConfig {
  /** The decisions file the night reads: RAW_DIR/review/decisions.csv. */
  decisionsFile: string;
  /** The warehouse the queue's records are read from (read-only, opened per request: the night swaps the file). */
  warehousePath: string;
  /** The queue the night wrote beside the warehouse. */
  queueFile: string;
  /** The public API's base URL, for links to a record (…/api/v1). */
  apiBaseUrl: string;
  host: string;
  port: number;
  /** The reviewers' credentials file (`name:scrypt-hash` lines), or null (then only a loopback bind is allowed). */
  usersFile: string | null;
  /** The origin the pages are served from, for the Origin check (default http://<host>:<port>). */
  origin: string | null;
  /** Login attempts allowed per client address per minute. */
  loginAttemptsPerMinute: number;
}

export function resolveReviewConfig(options: Partial<ReviewConfig> = {}, env: NodeJS.ProcessEnv = process.env): Readonly<ReviewConfig> {
  const base = resolveConfig({}, env);
  const root = path.resolve(env.PROJECT_ROOT ?? process.cwd());
  const port = options.port ?? (env.REVIEW_PORT?.trim() ? Number(env.REVIEW_PORT) : 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`REVIEW_PORT must be a port number, got "${env.REVIEW_PORT}"`);
  const usersFile = options.usersFile !== undefined ? options.usersFile
    : env.REVIEW_USERS?.trim() ? usersFileOf(env)
    : existsSync(usersFileOf(env)) ? usersFileOf(env) : null;
  return Object.freeze({
    decisionsFile: options.decisionsFile ?? path.join(base.rawDir, 'review', 'decisions.csv'),
    warehousePath: options.warehousePath ?? base.warehousePath,
    queueFile: options.queueFile ?? path.join(path.dirname(base.warehousePath), 'review-queue.jsonl'),
    apiBaseUrl: options.apiBaseUrl ?? base.baseUrl,
    host: options.host ?? (env.REVIEW_HOST?.trim() || '127.0.0.1'),
    port,
    usersFile,
    origin: options.origin !== undefined ? options.origin : (env.REVIEW_ORIGIN?.trim() || null),
    loginAttemptsPerMinute: options.loginAttemptsPerMinute ?? 10,
  });
}

/** The reviewers' credentials file: REVIEW_USERS, by default <DATA_DIR>/review-users (what `make review-user` writes). */
export function usersFileOf(env: NodeJS.ProcessEnv): string {
  const root = path.resolve(env.PROJECT_ROOT ?? process.cwd());
  return path.resolve(root, env.REVIEW_USERS?.trim() || path.join(env.DATA_DIR ?? 'data', 'review-users'));
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
