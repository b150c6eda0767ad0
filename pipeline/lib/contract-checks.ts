// Data checks derived from the API contract instead of written again in SQL: for every list route's api_ table,
// each field of its record schema that is required holds a value, each enum field holds one of its value set
// (api/schemas/vocabulary.ts through api/schemas/registry.ts), each patterned or date field has its shape. A value set changed in
// the contract changes the night's check with it.
import { routesOfKind } from '../../api/routes.ts';
import { schemas } from '../../api/schemas/registry.ts';
import { quoteIdent, quoteLiteral } from '../db/warehouse.ts';

/** One derived check: its name (as a check file's would be) and the select returning failing rows. */
export interface ContractCheck {
  check: string;
  sql: string;
}

type Property = { type?: string | string[]; enum?: unknown[]; pattern?: string; format?: string; items?: Property };

/** The contract checks of every list route, in registry order. */
export function contractChecks(): ContractCheck[] {
  const checks: ContractCheck[] = [];
  for (const route of routesOfKind('list')) {
    const properties = (schemas[route.schema] as { properties: Record<string, Property> }).properties;
    const table = quoteIdent(route.table);
    for (const [field, property] of Object.entries(properties)) {
      const failing = _failingCondition(quoteIdent(field), property);
      if (!failing) continue;
      checks.push({
        check: `${route.table}__contract_${field}`,
        sql: `select ${quoteIdent(field)} as value from ${table} where ${failing}`,
      });
    }
  }
  return checks;
}

/** The SQL condition under which a column's value breaks its schema property, or null when nothing is checkable. */
function _failingCondition(column: string, p: Property): string | null {
  const nullable = Array.isArray(p.type) && p.type.includes('null');
  const conditions: string[] = nullable ? [] : [`${column} is null`];
  const values = p.enum?.filter((v) => v !== null);
  if (values?.length) conditions.push(`${column} not in (${values.map(_literal).join(', ')})`);
  if (p.items?.enum?.length) {
    conditions.push(`len(list_filter(${column}, x -> x not in (${p.items.enum.map(_literal).join(', ')}))) > 0`);
  }
  const pattern = p.pattern ?? (p.format === 'date' ? '^\\d{4}-\\d{2}-\\d{2}$' : null);
  if (pattern) conditions.push(`not regexp_matches(cast(${column} as varchar), ${_literal(pattern)})`);
  return conditions.length ? conditions.join(' or ') : null;
}

function _literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return quoteLiteral(String(value));
}
