// Vitest configuration: one run covers pipeline, build, gateway and end-to-end suites. The end-to-end suites share
// one small sample city built once by test/e2e/global-setup.ts (generate → pipeline → site).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
