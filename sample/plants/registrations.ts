// Registrations planted for an insight effect: a copy of an ordinary registration's parties (same client, firm and
// lobbyist, as when a lobbyist registers a new subject matter for a client) lobbying on one agenda item, with
// particulars in the registry's own wording for that item, numbered in approval order into a gap of the SM numbers.
import type { Item } from '../common/types.ts';
import { REGISTRY_CATEGORIES, TOPICS } from '../data/topics.ts';
import type { Registration } from '../registry/model.ts';
import { parties } from '../registry/parties.ts';
import type { Registry } from '../registry/registrations.ts';
import type { PlantCtx } from './contacts.ts';

/** Ordinary registrations whose parties a planted one may copy: well formed, not a planted former member's. */
export function templates(regs: Registration[]): Registration[] {
  return regs.filter((r) => r.writeSm && !r.oldLayout && r.type !== 'Voluntary' && !r.lobbyist.previousOffice && !r.lobbyist.formerMember && r.lobbyist.namesakeOf === null);
}

/** A new registration lobbying on `item`, approved on `initial` (or the nearest day that keeps approval order, never
 *  after `latest`), with no communications yet; null when no SM number fits. */
export function plantRegistration(ctx: PlantCtx, registry: Registry, template: Registration, item: Item, initial: number, latest: number): Registration | null {
  const { rng } = ctx;
  const topic = TOPICS[item.topicIndex];
  const cats = [topic.category, ...rng.sample(REGISTRY_CATEGORIES, rng.int(0, 1))].filter((c, k, a) => a.indexOf(c) === k);
  // the registry's own wording for the item, naming its site where a wording does (sitedWording)
  const particulars = sitedWording(item) ?? rng.pick(topic.alike)(item.ctx);
  const reg: Registration = {
    ...template, key: -1, sm: '', writeSm: true, oldLayout: false, closedStatus: 'Closed', initial, effective: initial, start: initial,
    end: null, closeDay: null, subjectMatter: cats.join(';'), definition: null, particulars,
    particularsUnalike: false, item, registrant: { ...template.registrant, status: 'Active' },
    beneficiaries: [], firms: [], grassroots: [], privatefundings: [], gmtfundings: [], meetings: [], comms: [],
  };
  if (!numberInto(registry.regs, reg, latest)) return null;
  parties(rng, registry.orgs, reg, reg.type === 'Consultant' ? reg.lobbyist.org : reg.org);
  return reg;
}

/** The first of the item topic's registry wordings that names the item's site, or null (a city-wide matter). */
export function sitedWording(item: Item): string | null {
  const addr = item.ctx.addr;
  if (!item.address || !addr) return null;
  return TOPICS[item.topicIndex].alike.map((f) => f(item.ctx)).find((text) => text.includes(addr)) ?? null;
}

/** Close a planted registration some weeks after its last communication (or leave it open past the as-of date). */
export function closeAfterLastContact(ctx: PlantCtx, reg: Registration): void {
  const last = reg.comms.reduce((m, c) => Math.max(m, c.recorded), reg.initial);
  const close = last + ctx.rng.int(30, 240);
  reg.closeDay = close <= ctx.asOfDay ? close : null;
  reg.end = Math.max(close, reg.initial + 365);
}

/** Insert at the approval-order position nearest `reg.initial` where the next SM number is free (numbers rise by
 *  1-3), moving the approval day within that position's neighbours but never past `latest`. */
function numberInto(regs: Registration[], reg: Registration, latest: number): boolean {
  const num = (r: Registration) => Number(r.sm.slice(2));
  let at = regs.findIndex((r) => r.initial > reg.initial);
  if (at < 0) at = regs.length;
  for (let k = 0; k < 200; k++) {
    for (const j of k ? [at - k, at + k] : [at]) {
      if (j < 1 || j > regs.length) continue;
      const prev = regs[j - 1], next = regs[j];
      if (next && num(next) - num(prev) < 2) continue;
      const day = Math.min(Math.max(reg.initial, prev.initial), next ? next.initial : Infinity);
      if (day > latest) continue;
      reg.initial = reg.effective = reg.start = day;
      reg.sm = `SM${num(prev) + 1}`;
      regs.splice(j, 0, reg);
      return true;
    }
  }
  return false;
}
