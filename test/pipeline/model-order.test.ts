// The run order is derived from what each model reads (pipeline/lib/model-graph.ts) and checked here on the project's
// models: a model never reads one that runs after it, every model file runs once, staging reads no model, and what
// manifest.ts declares by hand is only what the files cannot show.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelLayers, modelPath, modelReads, modelsDir, orderModels, readModelSources } from '../../pipeline/lib/model-graph.ts';
import { tsStrings } from '../../pipeline/lib/model-refs.ts';
import { alsoCreates, computedReads } from '../../pipeline/models/manifest.ts';

const order = modelLayers().flatMap((l) => l.models.map((model) => ({ layer: l.name, model })));
const position = new Map(order.map((m, i) => [m.model, i]));
const sources = readModelSources();

describe('model run order', () => {
  it('runs every model file once, in the layer of its folder', () => {
    expect(order.map((m) => `${m.layer}/${m.model}`).sort()).toEqual(sources.map((s) => `${s.layer}/${s.model}`).sort());
    for (const { layer, model } of order) expect(() => readFileSync(modelPath(layer, model))).not.toThrow();
  });

  it.each(order)('$layer/$model reads only models that run before it', ({ model }) => {
    expect(modelReads(model).filter((m) => position.get(m)! > position.get(model)!)).toEqual([]);
  });

  it('is derived afresh to the same order (ties go by name, not by file listing)', () => {
    const macros = readFileSync(`${modelsDir}/macros.sql`, 'utf8');
    expect(orderModels([...sources].reverse(), macros).layers).toEqual(modelLayers());
  });

  it('gives staging models only source and seed tables to read', () => {
    for (const model of modelLayers().find((l) => l.name === 'staging')!.models) expect(modelReads(model)).toEqual([]);
  });

  it('declares by hand only what TypeScript models compute at run time', () => {
    for (const model of [...Object.keys(computedReads), ...Object.keys(alsoCreates)]) {
      expect(sources.find((s) => s.model === model)?.kind).toBe('ts');
    }
    for (const [model, tables] of Object.entries(alsoCreates)) {
      const strings = tsStrings(sources.find((s) => s.model === model)!.text).join('\n');
      for (const table of tables) expect(strings).toContain(table);
    }
  });
});
