// datapackage.json: the export as a Frictionless Data Package (https://specs.frictionlessdata.io/data-package/), so
// standard tools validate and load it: every table's CSV as a tabular data resource with its Table Schema (types,
// nullability, value sets, descriptions, primary key, dialect), its JSON Lines and Parquet twins as data resources,
// the licence and the sources.
import type { ListRoute } from '../../api/routes/types.ts';
import { primaryKeyOf } from '../../api/routes/define.ts';
import { ATTRIBUTION, LICENCE } from '../../api/licence.ts';
import { tableColumns } from '../../api/table-columns.ts';
import { bulkBaseName, BULK_FORMATS } from '../../export/bulk-names.ts';
import type { TableFile } from './table-files.ts';

export interface PackageInput {
  exportId: string;
  exportDate: string;
  tables: { route: ListRoute; files: TableFile[] }[];
}

/** The descriptor (a plain object; serialise with two-space indentation). */
export function toDataPackage(input: PackageInput): Record<string, unknown> {
  return {
    profile: 'data-package',
    name: 'toronto-lobbying',
    id: input.exportId,
    version: input.exportId,
    title: `Toronto lobbying transparency API: nightly export of ${input.exportDate}`,
    description: 'Every table the API publishes, as CSV (RFC 4180), JSON Lines and Parquet, with the same rows and values the API returns. ' +
      'See dictionary.md for what each column means and how the figures are made.',
    licenses: [{ name: 'OGL-Toronto', title: 'Open Government Licence – Toronto', path: 'https://open.toronto.ca/open-data-licence/' }],
    sources: [{ title: ATTRIBUTION }],
    keywords: ['lobbying', 'Toronto', 'city council', 'open data'],
    resources: input.tables.flatMap(({ route, files }) => files.map((file) => _resource(route, file))),
    licence_statement: LICENCE,
  };
}

function _resource(route: ListRoute, file: TableFile): Record<string, unknown> {
  const base = bulkBaseName(route.resource);
  const common = {
    name: file.format === 'csv' ? base : `${base}-${file.format}`,
    path: file.name,
    title: route.summary,
    format: file.format,
    mediatype: BULK_FORMATS[file.format].mediaType,
    bytes: file.digest.bytes,
    hash: `sha256:${file.digest.sha256}`,
  };
  if (file.format !== 'csv') {
    return { ...common, profile: 'data-resource', description: `The rows of ${base}.csv as ${file.format === 'jsonl' ? 'JSON Lines (the API\'s own records, one per line)' : 'Parquet with typed columns'}.` };
  }
  return {
    ...common,
    profile: 'tabular-data-resource',
    encoding: 'utf-8',
    description: `${route.summary}. Ordered by ${route.order}.`,
    dialect: { delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true, header: true },
    schema: {
      fields: tableColumns(route).map((c) => ({
        name: c.name,
        type: c.frictionless,
        ...(c.frictionless === 'date' ? { format: 'default' } : {}),
        description: c.description,
        constraints: {
          ...(c.nullable ? {} : { required: true }),
          // Table Schema compares enums with the cast (logical) value: numbers for integer columns
          ...(c.values ? { enum: c.frictionless === 'integer' ? c.values.map(Number) : c.values.map(String) } : {}),
          // Table Schema patterns are implicitly anchored (XML Schema regular expressions): drop ^ and $
          ...(c.pattern ? { pattern: c.pattern.replace(/^\^|\$$/g, '') } : {}),
        },
      })),
      primaryKey: [...primaryKeyOf(route)],
      missingValues: [''],
    },
  };
}
