// How a record is shown on the candidate page: a published detail document as a compact definition list (scalars,
// lists of scalars, and lists of objects as small tables), the City's contribution row with its reviewer-only
// address, and the model's features with their labels and values.
import { html, type Html } from './html.ts';

const MAX_ROWS = 12;
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));

function table(rows: Record<string, unknown>[]): Html {
  const cols = [...new Set(rows.slice(0, MAX_ROWS).flatMap((r) => Object.keys(r).filter((k) => isScalar(r[k]))))].slice(0, 8);
  return html`<table class="small"><thead><tr>${cols.map((c) => html`<th>${c}</th>`)}</tr></thead><tbody>
${rows.slice(0, MAX_ROWS).map((r) => html`<tr>${cols.map((c) => html`<td>${show(r[c])}</td>`)}</tr>`)}</tbody></table>
${rows.length > MAX_ROWS ? html`<p class="more">… and ${rows.length - MAX_ROWS} more</p>` : ''}`;
}

/** A JSON object as a definition list, one level of nesting shown. */
export function fields(doc: Record<string, unknown>, skip: readonly string[] = []): Html {
  const entries = Object.entries(doc).filter(([k]) => !skip.includes(k));
  return html`<dl class="fields">${entries.map(([k, v]) => {
    if (isScalar(v)) return html`<dt>${k}</dt><dd>${show(v)}</dd>`;
    if (Array.isArray(v)) {
      if (v.length === 0) return html`<dt>${k}</dt><dd>none</dd>`;
      if (v.every(isScalar)) return html`<dt>${k}</dt><dd>${v.map(show).join('; ')}</dd>`;
      return html`<dt>${k}</dt><dd>${table(v.filter((x) => x && typeof x === 'object') as Record<string, unknown>[])}</dd>`;
    }
    const inner = Object.entries(v as Record<string, unknown>).filter(([, x]) => isScalar(x));
    return html`<dt>${k}</dt><dd>${inner.map(([ik, iv]) => html`<span class="kv">${ik}: ${show(iv)}</span> `)}</dd>`;
  })}</dl>`;
}

/** The features the model scored: an object name → value, or a list of { name, label, value }. */
export function featuresTable(features: unknown): Html {
  const rows: { name: string; label: string; value: unknown }[] = Array.isArray(features)
    ? (features as { name?: string; label?: string; value?: unknown }[]).map((f) => ({ name: String(f.name ?? ''), label: String(f.label ?? f.name ?? ''), value: f.value }))
    : Object.entries((features ?? {}) as Record<string, unknown>).map(([name, value]) => ({ name, label: name.replace(/_/g, ' '), value }));
  if (rows.length === 0) return html`<p>No features recorded.</p>`;
  return html`<table class="features"><thead><tr><th>Feature</th><th>Value</th></tr></thead><tbody>
${rows.map((f) => html`<tr><td><span class="label">${f.label}</span>${f.label !== f.name ? html` <code>${f.name}</code>` : ''}</td><td>${show(f.value)}</td></tr>`)}</tbody></table>`;
}

/** The City's contribution row; the address and postal code are marked as the reviewer's eyes only. */
export function contributionView(row: Record<string, unknown>): Html {
  const { contributor_address: address, contributor_postal_code: postal, ...rest } = row;
  return html`${fields(rest)}
<div class="private" role="note"><strong>Reviewer only, never published:</strong> address as the City published it:
 ${show(address)}, postal code ${show(postal)}</div>`;
}
