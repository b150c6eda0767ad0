// The site sink's second names: an alias (a slug's hard link) of a file whose write, or whose compressed twin's, is
// still in flight waits for it. Before, the link could run first and fail with ENOENT (seen once while two cities were
// built side by side on a loaded machine).
import { expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { memoryEffects } from '../../build/site/effects.ts';
import { SiteSink } from '../../build/site/sink.ts';

/** Memory effects whose writes land late, so a link that does not wait for them finds no file. */
function slowWrites() {
  const fx = memoryEffects();
  const write = fx.writeFile.bind(fx);
  fx.writeFile = async (absPath, data) => {
    await sleep(20);
    await write(absPath, data);
  };
  return fx;
}

it('links an alias to a document (and its gzip and brotli twins) only once they are written', async () => {
  const fx = slowWrites();
  const sink = new SiteSink('/out', fx);
  const doc = JSON.stringify({ id: 100, name: 'x'.repeat(4000) }); // large enough for twins
  await sink.write('people/100.json', doc);
  await sink.alias('people/jane-doe.json', 'people/100.json');
  await sink.flush();
  for (const suffix of ['', '.gz', '.br']) {
    expect(fx.files.get(`/out/people/jane-doe.json${suffix}`), suffix).toEqual(fx.files.get(`/out/people/100.json${suffix}`));
  }
  expect(sink.files['people/jane-doe.json.br']).toEqual(sink.files['people/100.json.br']);
});
