// Shared set-up of the desk's tests: a private copy of the e2e city (raw files, state, warehouse) so deciding and
// re-running the night never disturb the suites that read the shared city, a reviewers' file, and a started desk.
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, type Config } from '../../config/resolve.ts';
import { addUser } from '../../review/add-user.ts';
import { resolveReviewConfig, type ReviewConfig } from '../../review/config.ts';
import { e2eCity } from '../e2e/city.ts';

export const REVIEWER = 'Ana Reviewer';
export const PASSWORD = 'correct horse battery staple';

/** A copy of the built e2e city in its own folder under .tmp, with its configuration and the desk's. */
export async function copiedCity(label: string): Promise<{ root: string; config: Config; desk: ReviewConfig }> {
  const city = await e2eCity();
  mkdirSync(path.resolve('.tmp'), { recursive: true });
  const root = mkdtempSync(path.resolve('.tmp', `${label}-`));
  cpSync(city.rawDir, path.join(root, 'raw'), { recursive: true });
  cpSync(city.stateDir, path.join(root, 'state'), { recursive: true });
  cpSync(path.dirname(city.warehousePath), path.join(root, 'warehouse'), { recursive: true });
  const config = resolveConfig({
    rawDir: path.join(root, 'raw'), stateDir: path.join(root, 'state'),
    warehousePath: path.join(root, 'warehouse', 'warehouse.duckdb'), siteRoot: path.join(root, 'site'),
    baseUrl: city.baseUrl, cursorSecret: city.cursorSecret, rateLimitAnon: 1_000_000, rateLimitKey: 1_000_000,
    sample: { scale: city.sample.scale }, output: { logDir: path.join(root, 'logs') },
  }, {});
  await addUser(path.join(root, 'review-users'), REVIEWER, PASSWORD);
  const desk = resolveReviewConfig({
    decisionsFile: path.join(config.rawDir, 'review', 'decisions.csv'), warehousePath: config.warehousePath,
    queueFile: path.join(root, 'warehouse', 'review-queue.jsonl'), apiBaseUrl: config.baseUrl,
    host: '127.0.0.1', port: 0, usersFile: path.join(root, 'review-users'), origin: null,
  }, {});
  return { root, config, desk };
}
