// The queue page: counts decided / waiting per task, the share of L7's publishable linked dollars covered, the
// filters (task, band, decided by me, waiting only), the candidates in the desk's order, and the decisions kept for
// candidates that are no longer in the queue.
import type { Decision } from '../decisions/format.ts';
import type { Filters, QueueView } from '../queue/queue-view.ts';
import { bandOf } from '../queue/queue-view.ts';
import { html, type Html } from './html.ts';
import { candidateLabel, TASK_NAMES } from './labels.ts';

export const PAGE_SIZE = 100;
const pct = (a: number, b: number) => (b > 0 ? `${(100 * a / b).toFixed(1)}%` : '—');
const dollars = (n: number) => `$${n.toLocaleString('en-CA', { maximumFractionDigits: 0 })}`;

export const candidateHref = (key: string) => `/candidate?k=${encodeURIComponent(key)}`;

function filterForm(filters: Filters, tasks: string[]): Html {
  const opt = (value: string, label: string, selected: boolean) => html`<option value="${value}"${selected ? html` selected` : ''}>${label}</option>`;
  return html`<form method="get" action="/" class="filters" aria-label="Filters">
  <label>Task <select name="task">${opt('', 'all', !filters.task)}${tasks.map((t) => opt(t, t, filters.task === t))}</select></label>
  <label>Band <select name="band">${opt('', 'all', !filters.band)}${['high', 'moderate', 'low'].map((b) => opt(b, b, filters.band === b))}</select></label>
  <label><input type="checkbox" name="mine" value="1"${filters.mine ? html` checked` : ''}> decided by me</label>
  <label><input type="checkbox" name="waiting" value="1"${filters.waiting ? html` checked` : ''}> waiting only</label>
  <button type="submit">Filter</button>
</form>`;
}

function decidedCell(d: Decision | null): Html {
  return d ? html`<span class="verdict ${d.decision}">${d.decision}</span> <span class="by">by ${d.reviewer}</span>` : html`<span class="waiting">waiting</span>`;
}

export function queuePage(view: QueueView, filters: Filters, pageNo: number, query: string): Html {
  const tasks = view.counts.map((c) => c.task);
  const shown = view.rows.slice(pageNo * PAGE_SIZE, (pageNo + 1) * PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(view.rows.length / PAGE_SIZE));
  const pageHref = (n: number) => `/?${new URLSearchParams([...new URLSearchParams(query)].filter(([k]) => k !== 'page').concat([['page', String(n)]]))}`;
  return html`<h1>Review queue</h1>
<section class="counts" aria-label="Progress">
<table><thead><tr><th>Task</th><th>What it links</th><th>Decided</th><th>Waiting</th></tr></thead><tbody>
${view.counts.map((c) => html`<tr><td>${c.task}</td><td>${TASK_NAMES[c.task] ?? ''}</td><td>${c.decided}</td><td>${c.waiting}</td></tr>`)}
</tbody></table>
<p class="coverage">L7: the decisions so far cover <strong>${pct(view.l7Dollars.covered, view.l7Dollars.total)}</strong> of the publishable linked dollars in the queue (${dollars(view.l7Dollars.covered)} of ${dollars(view.l7Dollars.total)} expected).</p>
</section>
${filterForm(filters, tasks)}
<p class="hint">Keys on a candidate: <kbd>c</kbd> confirm, <kbd>r</kbd> reject, <kbd>s</kbd> skip, <kbd>u</kbd> undo, <kbd>n</kbd>/<kbd>p</kbd> next/previous.</p>
<table class="queue"><thead><tr><th>#</th><th>Task</th><th>From</th><th>To</th><th>Score</th><th>Band</th><th>Expected $</th><th>Decision</th></tr></thead><tbody>
${shown.map(({ item, latest }) => {
    const l = candidateLabel(item);
    return html`<tr><td>${item.rank + 1}</td><td>${item.task}</td><td><a href="${candidateHref(item.key)}">${l.from}</a></td><td>${l.to}</td><td>${item.probability}</td><td>${bandOf(item)}</td><td>${item.expected_linked_dollars === undefined ? '' : dollars(item.expected_linked_dollars)}</td><td>${decidedCell(latest)}</td></tr>`;
  })}
</tbody></table>
${view.rows.length === 0 ? html`<p>No candidate matches these filters.</p>` : ''}
<nav class="pages" aria-label="Pages">${pageNo > 0 ? html`<a href="${pageHref(pageNo - 1)}">← previous page</a>` : ''} page ${pageNo + 1} of ${pages} ${pageNo + 1 < pages ? html`<a href="${pageHref(pageNo + 1)}">next page →</a>` : ''}</nav>
${view.outside.length > 0 ? html`<section class="outside"><h2>Decisions on candidates no longer in the queue</h2>
<p>Kept in the decisions file; the night applies them whenever it scores the pair again.</p>
<ul>${view.outside.map((d) => html`<li>${d.task} ${d.from_type} ${d.from_id} → ${d.to_type} ${d.to_id}: ${d.decision} by ${d.reviewer} at ${d.reviewed_at}</li>`)}</ul></section>` : ''}`;
}
