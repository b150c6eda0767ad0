// Dependency order is explicit and checked: a model may read source/seed/state tables and models that run
// before it (earlier layers, or earlier in its own layer's list) — never itself or a later model.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layers } from '../../pipeline/models/manifest.ts';
import { modelPath, modelsDir } from '../../pipeline/lib/models.ts';

const order = layers.flatMap((l) => l.models.map((m) => ({ layer: l.name, model: m })));
const position = new Map(order.map((m, i) => [m.model, i]));

function referencedModels(sql: string): string[] {
  const withoutComments = sql.replace(/--[^\n]*/g, '');
  const words = withoutComments.match(/\b(stg|int|lnk|api|qa)_[a-z0-9_]+\b/g) ?? [];
  return [...new Set(words)].filter((w) => position.has(w));
}

describe('model dependency order', () => {
  it('every declared model has a file and every file is declared', () => {
    for (const { layer, model } of order) expect(() => readFileSync(modelPath(layer, model))).not.toThrow();
    for (const layer of layers) {
      const files = readdirSync(`${modelsDir}/${layer.name}`).filter((f) => /\.(sql|ts)$/.test(f)).map((f) => f.replace(/\.(sql|ts)$/, ''));
      expect(files.sort()).toEqual([...layer.models].sort());
    }
  });

  it.each(order)('$layer/$model reads only models that run before it', ({ layer, model }) => {
    const own = position.get(model)!;
    const file = modelPath(layer, model);
    // a TypeScript model names the table it creates; a SQL model never names itself
    const later = referencedModels(readFileSync(file, 'utf8'))
      .filter((m) => position.get(m)! > own || (m === model && file.endsWith('.sql')));
    expect(later).toEqual([]);
  });

  it('staging models read only source and seed tables', () => {
    for (const model of layers.find((l) => l.name === 'staging')!.models) {
      expect(referencedModels(readFileSync(modelPath('staging', model), 'utf8'))).toEqual([]);
    }
  });
});
