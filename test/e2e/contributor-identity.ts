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

/** The rule, over the published rows: `of` a published contribution, and `ofName` for a row no published link names
 *  (by its election and staged contributor_key). */
export function contributorIdentities(rows: readonly PublishedGift[]): { of(contributionId: number): string; ofName(election: string, folded: string): string } {
  const people = new Map<number, Set<number>>(); // contribution → the registry people its links name
  const named = new Map<string, Set<number>>(); // election|folded name → the registry people rows of that name are linked to
  const names = new Map<number, { election: string; folded: string }>();
  for (const r of rows) {
    if (!people.has(r.contribution_id)) people.set(r.contribution_id, new Set());
    names.set(r.contribution_id, { election: r.election, folded: foldName(r.contributor_name) });
    if (r.registry_person_id === null) continue;
    people.get(r.contribution_id)!.add(r.registry_person_id);
    const key = `${r.election}|${foldName(r.contributor_name)}`;
    named.set(key, (named.get(key) ?? new Set()).add(r.registry_person_id));
  }
  const ofName = (election: string, folded: string) => {
    const byName = named.get(`${election}|${folded}`);
    return byName?.size === 1 ? `person:${[...byName][0]}` : `name:${folded}`;
  };
  return {
    of(contributionId) {
      const own = people.get(contributionId), name = names.get(contributionId);
      if (!own || !name) throw new Error(`contribution ${contributionId} is not published`);
      return own.size === 1 ? `person:${[...own][0]}` : ofName(name.election, name.folded);
    },
    ofName,
  };
}
