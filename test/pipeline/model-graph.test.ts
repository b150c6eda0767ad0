// Deriving the run order from what models read: the names a SQL or TypeScript model mentions (comments and string
// literals aside, relations passed by name to table macros included), the order within a layer (ties by name), the
// refusals (a later layer, itself, a circle) and the models a test needs for a few target tables.
import { describe, expect, it } from 'vitest';
import { modelsFor, orderModels, type ModelSource } from '../../pipeline/lib/model-graph.ts';
import { relationArguments, sqlNames, tsSqlNames } from '../../pipeline/lib/model-refs.ts';
import type { LayerName } from '../../pipeline/models/manifest.ts';

const MACROS = `-- create or replace macro commented(t) as table select * from query_table(t);
create or replace macro stable_ids(entity_name, keys_table) as table
    select * from query_table(keys_table) where entity = entity_name;
create or replace macro slugify(text) as lower(text);`;

const sql = (layer: LayerName, model: string, text: string): ModelSource => ({ layer, model, kind: 'sql', text });
const ts = (layer: LayerName, model: string, text: string): ModelSource => ({ layer, model, kind: 'ts', text });
const none = { reads: {}, creates: {} };

describe('the names a model reads', () => {
  it('are the words of its SQL outside comments and string literals, quoted identifiers included', () => {
    const names = sqlNames(`-- reads int_commented
      select 'int_label' as source, 'it''s int_escaped' as s, x from "int_quoted" /* int_block
      comment */ join int_plain using (id)`);
    expect([...names].filter((n) => n.startsWith('int_')).sort()).toEqual(['int_plain', 'int_quoted']);
  });

  it('include a relation a table macro reads by name (query_table of a parameter)', () => {
    const relations = relationArguments(MACROS);
    expect([...relations]).toEqual([['query_table', 0], ['stable_ids', 1]]);
    expect(sqlNames(`select * from stable_ids('link', 'int_link_keys') union select * from query_table('int_other')`, relations))
      .toEqual(new Set(['select', 'from', 'stable_ids', 'union', 'query_table', 'int_link_keys', 'int_other']));
    expect(sqlNames(`select slugify('int_not_a_relation')`, relations).has('int_not_a_relation')).toBe(false);
  });

  it('of a TypeScript model are those of the SQL in its strings, never its code or comments', () => {
    const source = [
      '// reads int_in_a_comment',
      '/* and int_in_a_block */',
      "const TABLE = 'int_self';",
      'const re = /[\'"`]/g; const half = rows.length / 2; // a quote in a regex, a division',
      'await wh.exec(`create table ${TABLE} as select * from int_template where x = \'${v}\' and y in (select y from int_after)`);',
      "await wh.all(`select ${ok ? `a from int_nested` : 'b from int_single'} from int_outer -- int_sql_comment`);",
      'const int_identifier = 1;',
    ].join('\n');
    expect([...tsSqlNames(source)].filter((n) => n.startsWith('int_')).sort())
      .toEqual(['int_after', 'int_nested', 'int_outer', 'int_self', 'int_single', 'int_template']);
  });
});

describe('orderModels', () => {
  it('runs the layers in order and, within one, each model after those it reads, least name first among the ready', () => {
    const { layers, reads } = orderModels([
      sql('core', 'int_b', 'select * from stg_x'),
      sql('core', 'int_a', 'select * from int_c join int_b using (id)'),
      sql('core', 'int_c', 'select * from src_raw -- not a model'),
      sql('staging', 'stg_x', 'select * from src_raw'),
      sql('links', 'int_ids', `select * from stable_ids('x', 'int_keys')`),
      sql('links', 'int_keys', 'select * from int_a'),
    ], MACROS, none);
    expect(layers.filter((l) => l.models.length)).toEqual([
      { name: 'staging', models: ['stg_x'] }, { name: 'core', models: ['int_b', 'int_c', 'int_a'] }, { name: 'links', models: ['int_keys', 'int_ids'] },
    ]);
    expect(reads.get('int_a')).toEqual(['int_b', 'int_c']);
  });

  it('takes a TypeScript model\'s declared reads and extra tables, and ignores its own name', () => {
    const { layers, reads } = orderModels([
      ts('links', 'int_scores', 'await wh.exec(`create table int_scores as select 1`); await wh.exec(`create table int_tasks (t varchar)`);'),
      sql('links', 'int_a_reader', 'select * from int_tasks'),
      sql('links', 'lnk_z', 'select 1'),
    ], '', { reads: { int_scores: ['lnk_z'] }, creates: { int_scores: ['int_tasks'] } });
    expect(layers.find((l) => l.name === 'links')!.models).toEqual(['lnk_z', 'int_scores', 'int_a_reader']);
    expect(reads.get('int_scores')).toEqual(['lnk_z']);
  });

  it('refuses a model that reads a later layer, itself, or a circle, naming every one', () => {
    expect(() => orderModels([
      sql('core', 'int_early', 'select * from api_late'),
      sql('api', 'api_late', 'select 1'),
      sql('core', 'int_self', 'select * from int_self'),
      sql('links', 'lnk_a', 'select * from lnk_b'),
      sql('links', 'lnk_b', 'select * from lnk_c'),
      sql('links', 'lnk_c', 'select * from lnk_a'),
      sql('links', 'lnk_after', 'select * from lnk_c'),
    ], '', none)).toThrow('model order: core/int_self reads itself; core/int_early reads api/api_late, a model of a later layer ' +
      '(api runs after core); models read each other in a circle: lnk_a reads lnk_b reads lnk_c reads lnk_a');
  });

  it('refuses a model name in two folders and a declaration without a model', () => {
    expect(() => orderModels([sql('core', 'int_x', 'select 1'), sql('api', 'int_x', 'select 1')], '', { reads: { int_gone: [] }, creates: {} }))
      .toThrow(/int_x has two files \(core\/, api\/\).*manifest\.ts declares int_gone, which has no model file/);
  });
});

describe('modelsFor (the project\'s models)', () => {
  it('lists a target and what it reads, in run order, stopping at the tables given by hand', () => {
    expect(modelsFor(['api_insight_mayor_share_its'], ['api_insight_mayor_share', 'int_export']))
      .toEqual([{ layer: 'insights', model: 'api_insight_mayor_share_its' }]);
    const links = modelsFor(['int_link_ids'], ['int_registrations', 'int_agenda_items']).map((m) => m.model);
    expect(links.slice(-3)).toEqual(['int_link_scores', 'int_link_keys', 'int_link_ids']); // through stable_ids('link', 'int_link_keys')
    expect(links).toContain('lnk_position'); // the scorer reads every task's features table (manifest.ts)
    expect(links).not.toContain('int_registrations');
  });

  it('refuses a target that is not a model', () => {
    expect(() => modelsFor(['src_registry__registrations'])).toThrow('src_registry__registrations is not a model');
  });
});
