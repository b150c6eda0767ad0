// Shared test helpers for the source adapters: fixture locations, temp raw folders, an in-memory warehouse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWarehouse, type Warehouse } from '../../../pipeline/db/warehouse.ts';
import { Quarantine } from '../../../pipeline/sources/common/quarantine.ts';
import { createSourceTables } from '../../../pipeline/sources/common/tables.ts';
import type { SourceContext } from '../../../pipeline/sources/common/source-context.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixturesRaw = path.join(repoRoot, 'test/fixtures/raw');
export const samplesDir = path.resolve(repoRoot, '../shared/toronto-samples');
export const registryFixtures = path.join(fixturesRaw, 'lobbyist-registry');

/** A fresh temp folder, removed by the caller's afterEach via `cleanup`. */
export function tempDir(prefix = 'sources-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function cleanup(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Write a file, creating its folders. */
export function put(file: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** An in-memory warehouse with every src table created, and an adapter context logging into `logs`. */
export async function sourceContext(rawDir: string): Promise<SourceContext & { logs: string[]; wh: Warehouse }> {
  const wh = await openWarehouse(':memory:');
  await createSourceTables(wh);
  const logs: string[] = [];
  return { wh, rawDir, log: (m) => logs.push(m), quarantine: new Quarantine(), logs };
}
