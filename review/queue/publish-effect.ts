// What a decision makes the next night publish (api-spec.md publication rules, docs/links-contract.md): L5, L7 and
// position publish only when confirmed at 0.95 or more — L7 only at tier 1 or 2, L5 only with two independent
// confirming records — and a rejection withholds any link whatever its score. The same rules as int_links.sql, said
// in words for the reviewer; the night remains the one that applies them.
import type { Verdict } from '../decisions/format.ts';
import type { QueueItem } from './queue-file.ts';

const THRESHOLD: Record<string, number> = { L3: 0.9, L5: 0.95, L7: 0.95, position: 0.95 };
const thresholdOf = (task: string) => THRESHOLD[task] ?? 0.7;
const money = (n: unknown) => (typeof n === 'number' ? `$${n.toLocaleString('en-CA', { maximumFractionDigits: 2 })}` : 'its amount');

/** Independent confirming records of an L5 candidate: distinct sources, as the night counts them. */
export function confirmingSources(item: QueueItem): string[] {
  const records = (item.evidence.confirming_records ?? []) as { source?: string }[];
  return [...new Set(records.map((r) => r.source).filter((s): s is string => typeof s === 'string'))];
}

/** Why the desk will not confirm this candidate, or null when it may. */
export function cannotConfirm(item: QueueItem): string | null {
  if (item.task !== 'L5') return null;
  const sources = confirmingSources(item);
  return sources.length >= 2 ? null
    : `A former official is published only with at least two independent confirming records (a registry declaration and the council's own membership record, say); this candidate has ${sources.length === 0 ? 'none' : `one (${sources[0]})`}. Reject it, or skip it until another record confirms it.`;
}

/** One sentence on what the next night publishes because of this decision. */
export function publishEffect(item: QueueItem, verdict: Verdict): string {
  const p = item.probability;
  const below = p < thresholdOf(item.task);
  if (verdict === 'rejected') {
    return item.published_without_review
      ? `The link is published tonight on its score alone (${p}); the next night withdraws it and never publishes it again unless a later decision confirms it.`
      : 'Nothing is published for this pair, whatever its score, and it leaves the queue.';
  }
  if (item.task === 'L7') {
    const c = (item.evidence.contribution ?? {}) as Record<string, unknown>;
    const tier = Number(item.extra.tier ?? item.evidence.tier);
    if (tier === 3) return 'Nothing: a tier-3 match (a name alone) is never published; the confirmation is kept.';
    if (below) return `Nothing yet: a contribution link publishes at a score of 0.95 or more and this one scores ${p}; the confirmation is kept and applies if a later night scores it higher.`;
    return `The contribution ${c.contribution_id ?? item.from_id} (${c.contributor ?? 'the contributor'} to ${c.candidate ?? 'the candidate'}, ${c.election ?? ''} election) is published in /contributions linked to organisation ${item.to_id}, and its dollars count as linked in the contribution insights (expected ${money(item.expected_linked_dollars)}).`;
  }
  if (item.task === 'L5') {
    const who = (item.evidence.former_official ?? {}) as Record<string, unknown>;
    if (below) return `Nothing yet: a former official publishes at a score of 0.95 or more and this one scores ${p}; the confirmation is kept.`;
    return `${who.name ?? `Person ${item.to_id}`} (former ${who.role ?? 'official'}, ${who.last_term ?? ''}) is published in /insights/former-officials as the lobbyist person ${item.from_id}.`;
  }
  if (item.task === 'position') {
    if (below) return `Nothing yet: a position publishes at a score of 0.95 or more and this one scores ${p}; the confirmation is kept.`;
    return `The organisation's ${String(item.extra.stance ?? 'stated')} position on agenda item ${item.to_id} counts in /insights/alignment.`;
  }
  return below
    ? `Nothing yet: a ${item.task} link publishes at ${thresholdOf(item.task)} and this one scores ${p}; the confirmation is kept.`
    : `The link is published on its score (${p}) as before; the confirmation is recorded with it.`;
}
