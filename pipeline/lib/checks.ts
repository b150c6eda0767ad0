// Data checks: every pipeline/checks/<model>__<rule>.sql returns the failing rows (0 rows = pass), and so does
// every check derived from the API contract (contract-checks.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractChecks } from './contract-checks.ts';
import type { Warehouse } from '../db/warehouse.ts';

const checksDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'checks');

export interface CheckResult {
  check: string;
  failures: number;
  sample: Record<string, unknown>[];
}

/** Run every check; returns all results (the caller decides whether failures stop the night). */
export async function runChecks(wh: Warehouse): Promise<CheckResult[]> {
  const files = (await readdir(checksDir)).filter((f) => f.endsWith('.sql')).sort();
  const checks = [];
  for (const file of files) {
    checks.push({ check: file.replace(/\.sql$/, ''), sql: (await readFile(path.join(checksDir, file), 'utf8')).trim().replace(/;\s*$/, '') });
  }
  const results: CheckResult[] = [];
  for (const { check, sql } of [...checks, ...contractChecks()]) {
    const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from (${sql})`);
    const sample = n > 0 ? await wh.all(`select * from (${sql}) limit 5`) : [];
    results.push({ check, failures: n, sample });
  }
  return results;
}
