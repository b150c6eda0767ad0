// Undo, in a file that only says confirmed or rejected (docs/links-contract.md) and is never rewritten: an undo
// appends a later decision that restores what the night published before the decision in force, and the history
// keeps both. With an earlier decision on the candidate, that one is stated again. Without one, the state before
// was "undecided", which the file cannot say: undoing a first confirmation of a link that publishes only when
// confirmed (L5, L7, position) appends a rejection, which publishes nothing, as before; the other undos would change
// what the night publishes rather than restore it, so the desk refuses them and says what to do instead.
import { GATED_TASKS, type Decision, type Verdict } from './format.ts';

export type UndoPlan = { verdict: Verdict; note: string } | { refused: string };

/** What undoing the decision in force appends; `history` is the candidate's decisions, oldest first. */
export function planUndo(task: string, history: readonly Decision[]): UndoPlan {
  const inForce = history.at(-1);
  if (!inForce) return { refused: 'There is no decision on this candidate to undo.' };
  const before = history.at(-2);
  if (before) {
    return { verdict: before.decision, note: `undo: restores the ${before.decision === 'confirmed' ? 'confirmation' : 'rejection'} of ${before.reviewed_at} (supersedes the ${inForce.decision === 'confirmed' ? 'confirmation' : 'rejection'} of ${inForce.reviewed_at})` };
  }
  const gated = (GATED_TASKS as readonly string[]).includes(task);
  if (inForce.decision === 'confirmed' && gated) {
    return { verdict: 'rejected', note: `undo: withdraws the confirmation of ${inForce.reviewed_at} (unconfirmed, the link is not published: the same as before it)` };
  }
  if (inForce.decision === 'confirmed') {
    return { refused: `A confirmation of a ${task} link changes nothing the night publishes (it publishes on its score), so there is nothing to undo; reject the link if it is wrong.` };
  }
  return { refused: gated
    ? 'The decisions file has no "undecided": a first rejection is superseded only by a confirmation. Unconfirmed, the link was not published before either, so the rejection already publishes what an undo would; confirm it if that is what you meant.'
    : `The decisions file has no "undecided": a first rejection is superseded only by a confirmation, which publishes the ${task} link on its score again; confirm it if that is what you meant.` };
}
