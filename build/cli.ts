// Entry point of the site build: `npx tsx build/cli.ts`. Resolves configuration once, opens the warehouse, reads
// the export, writes it into a temp folder, verifies and publishes it atomically, logging each stage with timings.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { openWarehouse } from '../pipeline/lib/warehouse.ts';
import { publishSite, type PublishResult } from './publish.ts';
import { fileEffects } from './site/effects.ts';
import { readSiteInput } from './site/read-warehouse.ts';
import { writeSite } from './site/write-site.ts';

/** Build and publish the site for the warehouse named by the configuration. */
export async function runBuild(config: Readonly<Config>, log: (message: string) => void = console.log): Promise<PublishResult> {
  const started = performance.now();
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  let input;
  try {
    input = await readSiteInput(wh, {
      baseUrl: config.baseUrl,
      cursorSecret: config.cursorSecret,
      rateLimits: { anonymous: config.rateLimitAnon, withKey: config.rateLimitKey },
      log,
    });
  } finally {
    wh.close();
  }
  log(`read export ${input.exportDate} (${Math.round(performance.now() - started)} ms)`);
  const result = await publishSite({
    siteRoot: config.siteRoot,
    exportDate: input.exportDate,
    build: (dir) => writeSite(input, dir, fileEffects(log)),
    log,
  });
  const files = Object.keys(result.manifest.files).length;
  log(`site build done: ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), result.dir) || result.dir}`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBuild(resolveConfig()).catch((err: unknown) => {
    console.error(err instanceof Error ? err.stack ?? err.message : err);
    process.exitCode = 1;
  });
}
