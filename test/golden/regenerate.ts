// `npm run golden` (`make golden`): rebuilds the e2e city, rewrites test/golden/ from its answers (files of removed
// routes deleted) and says what changed, so the change can be reviewed (git diff -- test/golden) and committed.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { e2eCity } from '../e2e/city.ts';
import { GOLDEN_DIR, diffGolden, goldenAnswers } from './answers.ts';

// A run id of its own: the city is built afresh by the code of this checkout, never reused from an earlier run.
process.env.E2E_RUN_ID = `golden-${process.pid}-${Date.now()}`;
console.log('golden: building the e2e city (test/e2e/city.ts)…');
const answers = await goldenAnswers(await e2eCity());
const diff = diffGolden(answers);
for (const file of diff.removed) rmSync(path.join(GOLDEN_DIR, file));
for (const file of [...diff.changed, ...diff.added]) writeFileSync(path.join(GOLDEN_DIR, file), answers.get(file)!.text);

const shown = path.relative(process.cwd(), GOLDEN_DIR) || '.';
const lines = [
  ...diff.changed.map((f) => `  changed  ${shown}/${f}  (GET ${answers.get(f)!.request})`),
  ...diff.added.map((f) => `  added    ${shown}/${f}  (GET ${answers.get(f)!.request})`),
  ...diff.removed.map((f) => `  removed  ${shown}/${f}  (no such route any more)`),
];
console.log(`golden: ${answers.size} routes: ${diff.changed.length} changed, ${diff.added.length} added, ${diff.removed.length} removed, ` +
  `${diff.unchanged} unchanged`);
if (lines.length) console.log(`${lines.join('\n')}\nReview the change before committing it: git status -- ${shown}; git diff -- ${shown}`);
