// The further names a detail document is published under (its slug and aliases, e.g. a site's address key): only
// those that are safe file keys, are not another record's file key, and name exactly one record. The writer makes
// each a hard link to the document's file.
import type { DetailRoute } from '../../api/routes/types.ts';
import { isSafeFileKey } from '../../export/layout.ts';
import type { BuildEffects } from './effects.ts';
import type { DetailDoc } from './input.ts';

/** Slugs and aliases that are safe file keys, are not another record's file key, and name exactly one record
 *  (ambiguous names are dropped). Returns name → file key. */
export function usableNames(route: DetailRoute, docs: readonly DetailDoc[], keyOf: Map<string, string>, primary: Map<string, string>,
  effects: BuildEffects): Map<string, string> {
  const owners = new Map<string, string[]>();
  for (const d of docs) {
    const key = keyOf.get(d.id);
    if (key === undefined) continue;
    for (const name of new Set([d.slug, ...(d.aliases ?? [])])) {
      if (name === null || name === undefined || name === '' || name === key) continue;
      (owners.get(name) ?? owners.set(name, []).get(name)!).push(d.id);
    }
  }
  const out = new Map<string, string>();
  for (const [name, ids] of owners) {
    const why = !isSafeFileKey(name) ? 'is not a safe file name' : primary.has(name) ? 'equals another record\'s id or key'
      : ids.length > 1 ? `is shared by ids ${ids.join(', ')}` : null;
    if (why) effects.log(`warning: ${route.resource} slug or alias "${name}" ${why}; not published under that name`);
    else out.set(name, keyOf.get(ids[0]!)!);
  }
  return out;
}
