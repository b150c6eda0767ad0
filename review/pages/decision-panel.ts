// The decision panel of a candidate page, also the fragment htmx swaps in after a decision or an undo: the history
// of decisions on the candidate (kept whole: a later one supersedes), what the next night publishes because of the
// one in force, and the form (note; confirm / reject / skip; undo) with its keyboard shortcuts.
import type { Decision } from '../decisions/format.ts';
import { cannotConfirm, publishEffect } from '../queue/publish-effect.ts';
import type { QueueItem } from '../queue/queue-file.ts';
import { html, type Html } from './html.ts';
import { candidateHref } from './queue-page.ts';

export interface PanelState {
  item: QueueItem;
  history: Decision[];
  csrf: string;
  nextKey: string | null;
  prevKey: string | null;
  /** A message after an action: saved, undone, refused. */
  flash?: { kind: 'saved' | 'info' | 'refused'; text: string } | null;
}

export function decisionPanel(s: PanelState): Html {
  const inForce = s.history.at(-1) ?? null;
  const refuse = cannotConfirm(s.item);
  const next = s.nextKey ? candidateHref(s.nextKey) : '/';
  return html`<section id="decision" class="decision" aria-label="Decision" aria-live="polite">
<h2>Decision</h2>
${s.flash ? html`<p class="flash ${s.flash.kind}" role="status">${s.flash.text}</p>` : ''}
${inForce
    ? html`<p class="in-force">In force: <span class="verdict ${inForce.decision}">${inForce.decision}</span> by ${inForce.reviewer} at ${inForce.reviewed_at}.</p>
${s.flash?.kind === 'saved' ? '' : html`<p class="effect"><strong>Next night:</strong> ${publishEffect(s.item, inForce.decision)}</p>`}`
    : html`<p class="in-force">No decision yet. <strong>If confirmed:</strong> ${refuse ? 'cannot be confirmed (below).' : publishEffect(s.item, 'confirmed')}</p>`}
${s.history.length > 1 ? html`<details><summary>History (${s.history.length} decisions; the latest is in force)</summary><ol>${s.history.map((d) => html`<li>${d.decision} by ${d.reviewer} at ${d.reviewed_at}${d.note ? html` — ${d.note}` : ''}</li>`)}</ol></details>` : ''}
<form method="post" action="/decide" hx-post="/decide" hx-target="#decision" hx-swap="outerHTML">
  <input type="hidden" name="csrf" value="${s.csrf}">
  <input type="hidden" name="k" value="${s.item.key}">
  <label for="note">Note (optional)</label>
  <textarea id="note" name="note" maxlength="1000" rows="2"></textarea>
  ${refuse ? html`<p class="refuse" role="note">${refuse}</p>` : ''}
  <div class="buttons">
    <button type="submit" name="verdict" value="confirmed" data-shortcut="c"${refuse ? html` disabled` : ''}><kbd>c</kbd> Confirm</button>
    <button type="submit" name="verdict" value="rejected" data-shortcut="r"><kbd>r</kbd> Reject</button>
    <a class="button" href="${next}" data-shortcut="s"><kbd>s</kbd> Skip</a>
  </div>
</form>
${inForce ? html`<form method="post" action="/undo" hx-post="/undo" hx-target="#decision" hx-swap="outerHTML" class="undo">
  <input type="hidden" name="csrf" value="${s.csrf}"><input type="hidden" name="k" value="${s.item.key}">
  <button type="submit" data-shortcut="u"><kbd>u</kbd> Undo the decision in force</button>
</form>` : ''}
<nav class="step" aria-label="Candidates">
  ${s.prevKey ? html`<a href="${candidateHref(s.prevKey)}" data-shortcut="p" rel="prev"><kbd>p</kbd> ← previous</a>` : ''}
  <a href="${next}" data-shortcut="n" rel="next"><kbd>n</kbd> next →</a>
  <a href="/">queue</a>
</nav>
</section>`;
}
