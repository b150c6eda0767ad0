// Marks one test run: the end-to-end city (test/e2e/city.ts) is built lazily by the first e2e suite of this run
// and shared by the others, so unit-only runs never pay for it. Forks inherit the run id through the environment.
import { rmSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
  process.env.E2E_RUN_ID = `${process.pid}-${Date.now()}`;
  rmSync(path.resolve('.tmp', 'e2e'), { recursive: true, force: true });
}
