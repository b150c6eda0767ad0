// How a published field's JSON Schema maps onto a table column's types: the Frictionless Table Schema type
// (datapackage.json, dictionary.md) and the DuckDB type (Parquet columns; what `read_csv(types = …)` needs). Shared by
// the bulk files and the gateway's CSV answers. Nested values (lists of records, evidence objects) travel as JSON text
// in CSV, which is Frictionless's `array`/`object`.

type Property = { type?: string | string[]; format?: string; items?: Property };

export interface FieldType {
  /** Frictionless Table Schema type: string, integer, number, date, array, object. */
  frictionless: 'string' | 'integer' | 'number' | 'date' | 'array' | 'object';
  /** DuckDB column type of the Parquet file. */
  duckdb: string;
  nullable: boolean;
}

/** The column type of one schema property. */
export function toFieldType(property: Property): FieldType {
  const types = Array.isArray(property.type) ? property.type : [property.type ?? 'object'];
  const nullable = types.includes('null');
  const main = types.find((t) => t !== 'null') ?? 'string';
  if (main === 'integer') return { frictionless: 'integer', duckdb: 'BIGINT', nullable };
  if (main === 'number') return { frictionless: 'number', duckdb: 'DOUBLE', nullable };
  if (main === 'string') return property.format === 'date'
    ? { frictionless: 'date', duckdb: 'DATE', nullable }
    : { frictionless: 'string', duckdb: 'VARCHAR', nullable };
  if (main === 'array') {
    const item = Array.isArray(property.items?.type) ? property.items.type.find((t) => t !== 'null') : property.items?.type;
    const duckdb = item === 'string' ? 'VARCHAR[]' : item === 'integer' ? 'BIGINT[]' : item === 'number' ? 'DOUBLE[]' : 'JSON';
    return { frictionless: 'array', duckdb, nullable };
  }
  return { frictionless: 'object', duckdb: 'JSON', nullable };
}
