// The direction each link feature's evidence can point, by task, for fitting (logistic.ts fitLogisticSigned):
// +1 can only support the link, -1 can only speak against it. Features left out are free (tier indicators, and
// tasks whose fitted weights already read the right way). A sign is a statement about the world, not the sample:
// a contributor living in the organisation's postal area is never evidence that they are not its lobbyist.
import type { LinkTask } from '../pipeline/links/model-file.ts';

export const EVIDENCE_SIGNS: Partial<Record<LinkTask, Readonly<Record<string, 1 | -1>>>> = {
  L1: {
    keyword_coverage: 1, title_coverage: 1, same_site: 1, same_ward: 1, file_number_cited: 1, contact_proximity: 1,
    in_period: 1, subject_agreement: 1, best_for_registration: 1, fit_margin: 1, lookalike_date_margin: 1,
    other_site_named: -1, year_conflict: -1, strength_ties: -1,
  },
  L6: {
    same_name: 1, name_similarity: 1, edit_similarity: 1, same_legal_form: 1, initials_match: 1,
    initials_and_legal_form_match: 1, jurisdiction_in_brackets: 1, token_jaccard: 1,
    legal_form_conflict: -1, a_word_differs: -1, initials_fit_another_organisation: -1, another_organisation_fits_closer: -1,
  },
  position: {
    name_similarity: 1, name_exact: 1, base_exact: 1, org_tokens_covered: 1, legal_form_agree: 1, initials_match: 1,
    best_match: 1, name_margin: 1, lobbied_keyword_overlap: 1,
    legal_form_conflict: -1, base_ambiguous: -1, typed_tokens_extra: -1,
  },
  L7: {
    same_postal_area: 1, same_postal_code_as_organisation: 1, first_name_exact: 1, first_name_equivalent: 1,
    first_name_similarity: 1, surname_exact: 1, surname_similarity: 1, initial_agrees: 1, first_name_conflict: -1,
    postal_code_on_person_records: 1, middle_initial_agrees: 1, middle_initial_conflict: -1, given_name_differs: -1, another_person_fits: -1,
  },
};
