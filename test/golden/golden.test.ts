// Golden answers (docs/testing.md): every route of the registry answers the tiny fixed e2e city exactly as its
// reviewed file in test/golden/ says, so a change to published bytes shows up as a diff in review. A route without a
// file fails, and so does a file of a route that no longer exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { e2eCity } from '../e2e/city.ts';
import { GOLDEN_DIR, REGENERATE, goldenAnswers, goldenFiles, type GoldenAnswer } from './answers.ts';
import { goldenFileName } from './requests.ts';

const REVIEW = `run ${REGENERATE} to regenerate, then review the diff`;
let answers: Map<string, GoldenAnswer>;

beforeAll(async () => {
  answers = await goldenAnswers(await e2eCity());
});

describe('golden answers', () => {
  it.each(routes.map((r) => [r.id, goldenFileName(r)]))('%s answers as test/golden/%s says', (id, file) => {
    const stored = path.join(GOLDEN_DIR, file);
    expect(existsSync(stored), `route ${id} has no golden answer test/golden/${file}: ${REVIEW}`).toBe(true);
    const answer = answers.get(file)!;
    expect(answer.text, `test/golden/${file} is not what ${answer.request} answers now: ${REVIEW}`).toBe(readFileSync(stored, 'utf8'));
  });

  it('holds no file of a route that is no longer in the registry', () => {
    const stale = goldenFiles().filter((f) => !answers.has(f));
    expect(stale, `golden files of no route: ${REVIEW} (it removes them)`).toEqual([]);
  });
});
