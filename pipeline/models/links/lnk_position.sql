-- Position features: organisation → agenda item ("the organisation stated a position on the item"), one row per
-- candidate pair, from the communications (letters, submissions, presentations) received on the item. A pair's
-- features are those of its best-named communication; its stance is that communication's stance.
-- Features: name similarity to the canonical name, spellings and trade names (Jaro-Winkler on matching keys),
-- exact key match (with and without the legal form), token coverage both ways, legal-form agreement or conflict,
-- initials signed for the name (weighed by how many organisations share them), a letter written on the
-- organisation's behalf by a firm or person, best-named candidate and margin,
-- stance clarity from the lexicon (lnk_position_stance), and keyword overlap between the item's title and the
-- particulars of the organisation's own registrations (did it lobby on this item?) — computed here, independent
-- of the L1 task. Evidence: the communication(s), the typed name, the summary and the matched phrases.
with candidates as (
    select * from lnk_position_candidates
),

stances as (
    select * from lnk_position_stance
),

communications as (
    select communication_id, agenda_item_id, communication_type, communication_type_name, date_received, title,
        from_name, organization_name, summary, attachment_url, source_file, source_position
    from stg_tmmis__item_communications
),

organizations as (
    select id, canonical_name from int_organizations
),

items as (
    select id, title from int_agenda_items
),

registrations as (
    select id, client_organization_id, concat_ws(' ', particulars, subject_matter_definition) as particulars
    from int_registrations
    where client_organization_id is not null
),

-- logical CTEs

scored as (
    select
        c.*, m.agenda_item_id, m.communication_type, m.communication_type_name, m.date_received, m.title,
        m.from_name, m.organization_name, m.summary, m.attachment_url, m.source_file, m.source_position,
        s.stance, s.clarity, s.support_phrases, s.oppose_phrases, s.hedge_phrases
    from candidates as c
    inner join communications as m using (communication_id)
    inner join stances as s using (communication_id)
),

pairs as (
    select
        organization_id,
        agenda_item_id,
        -- among the communications for which this organisation is the best-named candidate, the clearest stance
        -- (then the closest name); a look-alike's letter, better named by its own organisation, is not chosen
        arg_max(communication_id, (best_match, case clarity when 'clear' then 3 when 'hedged' then 2 when 'mixed' then 1 else 0 end,
            name_exact, name_similarity, communication_id)) as best_communication_id,
        list(communication_id order by date_received, communication_id) as communication_ids,
        count(*) as communications
    from scored
    group by all
),

item_words as (
    select id as agenda_item_id, list_distinct(list_filter(
        string_split(regexp_replace(lower(strip_accents(coalesce(title, ''))), '[^a-z0-9]+', ' ', 'g'), ' '),
        w -> (len(w) >= 4 or (len(w) >= 2 and regexp_matches(w, '^[0-9]+$'))) and not list_contains(['with', 'from', 'that', 'this', 'into', 'report', 'final', 'decision',
            'approval', 'request', 'requests', 'direction', 'directions', 'city', 'toronto', 'update', 'application',
            'applications', 'amendment', 'amendments', 'item', 'items', 'phase', 'status', 'program', 'policy'], w))) as words
    from items
),

lobbied as (
    -- the share of the item title's words found in the particulars of one of the organisation's own registrations
    select p.organization_id, p.agenda_item_id,
        max(len(list_filter(w.words, x -> regexp_matches(' ' || regexp_replace(lower(strip_accents(r.particulars)), '[^a-z0-9]+', ' ', 'g') || ' ', ' ' || x || ' ')))
            / greatest(len(w.words), 1)) as overlap,
        -- ties broken by registration id, so the same night names the same registration
        arg_max(r.id, (len(list_filter(w.words, x -> regexp_matches(' ' || regexp_replace(lower(strip_accents(r.particulars)), '[^a-z0-9]+', ' ', 'g') || ' ', ' ' || x || ' '))), r.id)) as registration_id
    from pairs as p
    inner join registrations as r on r.client_organization_id = p.organization_id
    inner join item_words as w using (agenda_item_id)
    group by all
),

final as (
    select
        'position' as task,
        'organization' as from_type,
        cast(p.organization_id as varchar) as from_id,
        'agenda_item' as to_type,
        p.agenda_item_id as to_id,
        map {
            'name_similarity': s.name_similarity,
            'name_exact': s.name_exact,
            'base_exact': s.base_exact,
            'org_tokens_covered': s.org_tokens_covered,
            'typed_tokens_extra': s.typed_tokens_extra,
            'legal_form_agree': s.legal_form_agree,
            'legal_form_conflict': s.legal_form_conflict,
            'best_match': s.best_match,
            'name_margin': s.name_margin,
            'initials_match': s.initials_match,
            'base_ambiguous': s.base_ambiguous,
            'on_behalf': s.on_behalf,
            'stance_clear': case when s.clarity = 'clear' then 1 else 0 end,
            'stance_hedged': case when s.clarity = 'hedged' then 1 else 0 end,
            'lobbied_keyword_overlap': coalesce(l.overlap, 0)
        }::map(varchar, double) as x,
        json_object(
            'features', json_object(
                'name similarity (Jaro-Winkler on matching keys)', round(s.name_similarity, 4),
                'same matching key as a name of the organisation', s.name_exact,
                'same name apart from the legal form', s.base_exact,
                'share of the organisation''s name words in the typed name', round(s.org_tokens_covered, 4),
                'share of typed words not in the organisation''s name', round(s.typed_tokens_extra, 4),
                'same legal form', s.legal_form_agree,
                'different legal form', s.legal_form_conflict,
                'best-named candidate of the communication', s.best_match,
                'lead over the next candidate''s name similarity', round(s.name_margin, 4),
                'the typed name is the organisation''s initials (1 / organisations sharing them)', round(s.initials_match, 4),
                'written on the organisation''s behalf (the name after "on behalf of")', s.on_behalf,
                'another organisation has the same name without the legal form', s.base_ambiguous,
                'stance wording', s.clarity,
                'share of the item title''s words in the organisation''s registration particulars', round(coalesce(l.overlap, 0), 4)),
            'stance', s.stance,
            'communication', json_object(
                'id', s.communication_id, 'type', s.communication_type, 'type_name', s.communication_type_name,
                'date_received', strftime(s.date_received, '%Y-%m-%d'), 'title', s.title, 'from', s.from_name,
                'organization_name_as_typed', s.organization_name, 'summary', s.summary, 'url', s.attachment_url,
                'source', 'tmmis', 'source_file', s.source_file, 'source_position', s.source_position),
            'matched_phrases', json_object('support', s.support_phrases, 'oppose', s.oppose_phrases, 'hedges', s.hedge_phrases),
            'organization', json_object('id', p.organization_id, 'canonical_name', o.canonical_name,
                'matched_name', s.matched_name, 'matched_form', s.matched_form),
            'communication_ids', p.communication_ids,
            'registration', case when l.registration_id is not null then json_object('id', l.registration_id) end
        ) as evidence,
        json_object('stance', s.stance) as extra
    from pairs as p
    inner join scored as s on s.communication_id = p.best_communication_id and s.organization_id = p.organization_id
    inner join organizations as o on o.id = p.organization_id
    left join lobbied as l on l.organization_id = p.organization_id and l.agenda_item_id = p.agenda_item_id
)

select * from final
