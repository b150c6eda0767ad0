// The charts of /insights/office-contacts: lobbyist communications that reached member offices per quarter, by
// method, for council as a whole (every member office's quarter rows summed) and for one member's office (its
// quarter rows, a quarter split across two terms summed). The whole-term rows (quarter "term") are not drawn.
import { count, quarterStart, timeX, type Chart } from './chart.ts';
import { SEQUENTIAL_SCHEME } from './style.ts';

export interface OfficeContactsRow {
  person_id: number;
  term: string;
  quarter: string;
  communications: number;
  meeting: number;
  call: number;
  email: number;
  written: number;
  other: number;
  not_stated: number;
}

/** The six methods, which add up to communications, in the order they are stacked. */
export const METHODS = ['meeting', 'call', 'email', 'written', 'other', 'not_stated'] as const;
const METHOD_LABELS = { meeting: 'Meeting', call: 'Call', email: 'Email', written: 'Written', other: 'Other', not_stated: 'Not stated' };

/** One stacked value: a quarter's communications by one method. */
export interface MethodCount { quarter: string; method: string; communications: number }

/** Quarter rows summed per quarter and method, in quarter then method order. */
export function byQuarterAndMethod(rows: readonly OfficeContactsRow[]): MethodCount[] {
  const sums = new Map<string, Record<string, number>>();
  for (const r of rows) {
    if (r.quarter === 'term') continue;
    const q = sums.get(r.quarter) ?? Object.fromEntries(METHODS.map((m) => [m, 0]));
    for (const m of METHODS) q[m]! += r[m];
    sums.set(r.quarter, q);
  }
  return [...sums.keys()].sort().flatMap((quarter) => METHODS.map((method) => ({ quarter, method: METHOD_LABELS[method], communications: sums.get(quarter)![method]! })));
}

/** Council as a whole. */
export function councilContactsChart(rows: readonly OfficeContactsRow[]): Chart {
  const data = byQuarterAndMethod(rows);
  const offices = new Set(rows.map((r) => r.person_id)).size;
  return _chart(data, null, 'Lobbyist communications with council offices per quarter, by method',
    `Every member office's communications summed (${offices} members over the years); stacked by how the lobbyist reported the communication.`);
}

/** One member's office; `name` is the member's name. */
export function memberContactsChart(personId: number, name: string, rows: readonly OfficeContactsRow[]): Chart {
  const data = byQuarterAndMethod(rows);
  const terms = [...new Set(rows.map((r) => r.term))].sort();
  return _chart(data, String(personId), `Lobbyist communications with the office of ${name}, per quarter`,
    `The member (person ${personId}) and their staff, terms ${terms.join(', ')}; stacked by how the lobbyist reported the communication.`);
}

function _chart(data: MethodCount[], key: string | null, title: string, scope: string): Chart {
  const total = data.reduce((s, d) => s + d.communications, 0);
  const quarters = [...new Set(data.map((d) => d.quarter))];
  const first = quarters[0] ?? '';
  const last = quarters.at(-1) ?? '';
  const x = { ...timeX('quarter_start', 'Quarter'), timeUnit: 'utcyearquarter' };
  return {
    insight: 'office-contacts',
    key,
    title,
    subtitle: [`${count(total)} communications from ${first} to ${last}. ${scope}`],
    description: `Stacked bar chart of lobbyist communications per quarter, ${first} to ${last}, split by method (meeting, call, email, written, other, not stated). ${scope}`,
    datasets: { rows: data },
    body: {
      data: { name: 'rows' },
      transform: [{ calculate: quarterStart('quarter'), as: 'quarter_start' }],
      mark: { type: 'bar', stroke: '#ffffff', strokeWidth: 0.3 },
      encoding: {
        x,
        y: { field: 'communications', type: 'quantitative', aggregate: 'sum', title: 'Communications (per quarter)', axis: { tickMinStep: 1, format: 'd' } },
        color: { field: 'method', type: 'nominal', title: 'Method', sort: METHODS.map((m) => METHOD_LABELS[m]), scale: { scheme: SEQUENTIAL_SCHEME } },
      },
    },
  };
}
