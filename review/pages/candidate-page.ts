// A candidate page: the two records side by side with what the model saw (names compared, roles and dates, the
// organisation and its registrations, the contribution with its reviewer-only address, the confirming records of an
// L5 candidate, the text a position was read from), the features, score and band, links to the API record and the
// City's page, and the decision panel.
import type { CandidateRecords, LinkEnd } from '../records/read-records.ts';
import type { QueueItem } from '../queue/queue-file.ts';
import { bandOf } from '../queue/queue-view.ts';
import { confirmingSources } from '../queue/publish-effect.ts';
import { decisionPanel, type PanelState } from './decision-panel.ts';
import { html, type Html } from './html.ts';
import { candidateLabel, TASK_NAMES } from './labels.ts';
import { contributionView, featuresTable, fields } from './record-view.ts';

const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : null);
// what the detail documents hold beyond what a reviewer compares (links of every kind, the model's own output)
const DOC_SKIP = ['links', 'merges', 'slug', 'office_contacts', 'committees', 'votes', 'communications', 'activity'];

function cityUrl(doc: Record<string, unknown> | null): string | null {
  const url = doc?.url ?? doc?.source_url ?? doc?.city_url;
  return typeof url === 'string' && /^https:\/\//.test(url) ? url : null;
}

function endView(title: string, end: LinkEnd, apiBase: string, fromEvidence: Record<string, unknown> | null): Html {
  const city = cityUrl(end.doc);
  return html`<article class="record"><h2>${title}: ${end.type} ${end.id}</h2>
<p class="links">${end.apiPath ? html`<a href="${apiBase + end.apiPath}" rel="noreferrer">API record</a>` : ''}${city ? html` · <a href="${city}" rel="noreferrer">City page</a>` : ''}</p>
${fromEvidence ? html`<h3>What the model saw</h3>${fields(fromEvidence)}` : ''}
${end.doc ? html`<h3>Published record</h3>${fields(end.doc, DOC_SKIP)}` : html`<p>No published record of this ${end.type}.</p>`}
</article>`;
}

function taskSpecific(item: QueueItem): Html {
  const e = item.evidence;
  if (item.task === 'L5') {
    const records = (e.confirming_records ?? []) as Record<string, unknown>[];
    return html`<section class="confirming"><h2>Confirming records (${confirmingSources(item).length} independent sources)</h2>
<ol>${records.map((r) => html`<li><strong>${r.source}</strong>: ${r.record} — ${r.says}</li>`)}</ol>
${e.declarations ? html`<h3>Declarations of previous office</h3>${fields({ declarations: e.declarations })}` : ''}</section>`;
  }
  if (item.task === 'position') {
    const c = obj(e.communication) ?? {};
    const phrases = obj(e.matched_phrases) ?? {};
    return html`<section class="source-text"><h2>The text the position was read from</h2>
<blockquote><p class="title">${c.title}</p><p>${c.summary}</p></blockquote>
<p>From ${c.from} for "${c.organization_name_as_typed}", ${c.type_name ?? c.type} received ${c.date_received}.
${typeof c.url === 'string' && /^https:\/\//.test(c.url) ? html`<a href="${c.url}" rel="noreferrer">The communication on the City's site</a>` : ''}</p>
<p>Stance read: <strong>${item.extra.stance}</strong>; phrases matched: ${Object.entries(phrases).map(([k, v]) => html`<span class="kv">${k}: ${Array.isArray(v) && v.length ? v.join(', ') : '—'}</span> `)}</p></section>`;
  }
  return html``;
}

export function candidatePage(item: QueueItem, records: CandidateRecords, apiBase: string, panel: PanelState): Html {
  const e = item.evidence;
  const l = candidateLabel(item);
  const names = Array.isArray(e.compared_names) ? e.compared_names as string[] : null;
  const fromEvidence = obj(e.contribution) ?? obj(e.lobbyist) ?? obj(e.registration) ?? null;
  const toEvidence = obj(e.matched_person) ?? obj(e.former_official) ?? obj(e.organization) ?? obj(e.agenda_item) ?? null;
  return html`<h1>${item.task}: ${l.from} → ${l.to}</h1>
<p class="summary">${TASK_NAMES[item.task] ?? item.task}. ${typeof e.question === 'string' ? html`<em>${e.question}</em> ` : ''}Score <strong>${item.probability}</strong>, band <strong>${bandOf(item)}</strong>, model ${item.model_version}${item.expected_linked_dollars !== undefined ? html`, expected linked dollars <strong>$${item.expected_linked_dollars}</strong>` : ''}. Place in the queue: ${item.rank + 1}.</p>
${names ? html`<p class="names">Names compared: ${names.map((n, i) => html`${i ? ' ↔ ' : ''}<q>${n}</q>`)}</p>` : ''}
<div class="side-by-side">
${records.contribution
    ? html`<article class="record"><h2>Contribution ${item.from_id}</h2><p class="links">In <a href="${apiBase}/contributions" rel="noreferrer">/contributions</a> once a confirmed link publishes it (a contribution has no page of its own); the City's file: ${records.contribution.source_file}, row ${records.contribution.source_position}.</p>${contributionView(records.contribution)}${fromEvidence ? html`<h3>What the model saw</h3>${fields(fromEvidence)}` : ''}</article>`
    : endView('From', records.from, apiBase, fromEvidence)}
${endView('To', records.to, apiBase, toEvidence)}
</div>
${taskSpecific(item)}
<section class="model"><h2>Features the model scored</h2>${featuresTable(e.features)}</section>
${decisionPanel(panel)}`;
}
