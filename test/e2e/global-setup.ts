// Marks one test run: the sample cities (test/e2e/city.ts) are built lazily by the first suite of this run that
// asks for each, and shared by the others, so unit-only runs never pay for them. Forks inherit the run id through the
// environment. The folder names are spelled here (not imported) so the setup loads nothing of the project.
import { rmSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
  process.env.E2E_RUN_ID = `${process.pid}-${Date.now()}`;
  for (const folder of ['e2e', 'e2e-default']) rmSync(path.resolve('.tmp', folder), { recursive: true, force: true });
}
