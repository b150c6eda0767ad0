// The contributor identity (docs/methodology-insights-contributions.md, "Distinct contributors") recomputed from the
// published /contributions rows alone, a second implementation for the e2e tests to compare the insights with: within
// one election a contribution is `person:<P>` when its links name one registry person P; else `person:<P>` when its
// folded name is the folded name of rows linked to exactly one registry person P in that election; else
// `name:<folded name>`.

/** What the rule reads of a published /contributions row. */
export interface PublishedGift { contribution_id: number; election: string; contributor_name: string; registry_person_id: number | null }

/** The staged contributor_key of an individual's name as filed ("Last, First" → "first last"): person_key in SQL. */
export function foldName(name: string): string {
  const comma = name.indexOf(',');
  const ordered = comma < 0 ? ` ${name}` : `${name.slice(comma + 1).trim()} ${name.slice(0, comma)}`;
  return ordered.replace(/[([][^)\]]*[)\]]/g, ' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ').trim();
}

/** contribution_id → identity, for every contribution of the rows (one row per contribution and organisation). */
export function contributorIdentities(rows: readonly PublishedGift[]): Map<number, string> {
  const people = new Map<number, Set<number>>(); // contribution → the registry people its links name
  const named = new Map<string, Set<number>>(); // election|folded name → the registry people rows of that name are linked to
  for (const r of rows) {
    if (!people.has(r.contribution_id)) people.set(r.contribution_id, new Set());
    if (r.registry_person_id === null) continue;
    people.get(r.contribution_id)!.add(r.registry_person_id);
    const key = `${r.election}|${foldName(r.contributor_name)}`;
    named.set(key, (named.get(key) ?? new Set()).add(r.registry_person_id));
  }
  const out = new Map<number, string>();
  for (const r of rows) {
    if (out.has(r.contribution_id)) continue;
    const own = people.get(r.contribution_id)!, folded = foldName(r.contributor_name), byName = named.get(`${r.election}|${folded}`);
    out.set(r.contribution_id, own.size === 1 ? `person:${[...own][0]}` : byName?.size === 1 ? `person:${[...byName][0]}` : `name:${folded}`);
  }
  return out;
}
