// Summaries of TMMIS communications (letters, submissions, presentations) in varied natural wording: clear support,
// clear opposition, and hedged, mixed or neutral wording that must not be read as a stance. The pipeline's lexicon
// (docs/methodology-position-review.md) is written independently of these templates; the tests check that it
// reads the clear ones right and leaves the unclear ones alone.
import type { Rng } from '../common/rng.ts';

export type Stance = 'support' | 'oppose';
export type Wording = 'clear' | 'hedged' | 'mixed' | 'neutral';

type T = (thing: string) => string;

const THINGS = ['the proposal', 'the application', 'the staff recommendations', 'this item', 'the proposed by-law amendments', 'the report'];

const SUPPORT: T[] = [
  (t) => `Writes in support of ${t}.`,
  (t) => `Supports ${t} and thanks staff for their work.`,
  (t) => `Urges Council to adopt ${t}.`,
  (t) => `Expresses strong support for ${t}.`,
  (t) => `We are pleased to endorse ${t}.`,
  (t) => `Asks the committee to approve ${t} as recommended.`,
  (t) => `Our members are in favour of ${t}.`,
  (t) => `Letter of support for ${t}.`,
];

const OPPOSE: T[] = [
  (t) => `Writes in opposition to ${t}.`,
  (t) => `Objects to ${t}.`,
  (t) => `Urges Council to reject ${t}.`,
  (t) => `Opposes ${t}.`,
  (t) => `Asks Council not to adopt ${t}.`,
  (t) => `We cannot support ${t} and ask that it be refused.`,
  (t) => `Requests that the committee refuse ${t}.`,
  (t) => `Strongly opposed to ${t}.`,
];

/** Hedged: a direction is named, but conditionally or with reservations. */
const HEDGED: T[] = [
  (t) => `Supports the intent of ${t} but has concerns about height and traffic.`,
  (t) => `May support ${t} if conditions on parking are added.`,
  (t) => `Does not oppose ${t} in principle; asks for changes to the shadow study.`,
  (t) => `Generally supportive of ${t}, subject to further consultation with residents.`,
  (t) => `Has no objection to ${t} provided that the heritage facade is retained.`,
];

/** Mixed: both directions at once (different parts of the item). */
const MIXED: T[] = [
  (t) => `Supports part of ${t} and opposes the proposed increase in density.`,
  (t) => `Neither supports nor opposes ${t}; raises questions about timing.`,
];

/** Neutral: information or procedure, no stance at all. */
const NEUTRAL: T[] = [
  (t) => `Provides information about ${t} for the committee's consideration.`,
  (t) => `Requests deferral of ${t} pending further study.`,
  (t) => `Comments on ${t} and requests further consultation before a decision.`,
  (t) => `Submits a presentation on ${t}.`,
];

/** A summary of the given wording (and stance, for the clear and hedged ones). */
export function summary(rng: Rng, wording: Wording, stance: Stance): string {
  const thing = rng.pick(THINGS);
  if (wording === 'clear') return rng.pick(stance === 'support' ? SUPPORT : OPPOSE)(thing);
  if (wording === 'hedged') return rng.pick(HEDGED)(thing);
  if (wording === 'mixed') return rng.pick(MIXED)(thing);
  return rng.pick(NEUTRAL)(thing);
}

/** Every template, for the tests of the lexicon. */
export const WORDING_TEMPLATES = { support: SUPPORT, oppose: OPPOSE, hedged: HEDGED, mixed: MIXED, neutral: NEUTRAL };
