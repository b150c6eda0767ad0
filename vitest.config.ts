// Vitest configuration: one run covers pipeline, build and gateway suites; the end-to-end
// fixture (a small generated city built once) is shared through globalSetup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
