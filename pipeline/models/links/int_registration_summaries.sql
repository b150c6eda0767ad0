-- An automated, extractive summary of each registration: the clauses of its particulars that name tracker-topic
-- keywords (the matter lobbied on), in their original order, kept whole up to about 300 characters. Nothing is
-- rewritten: a clause longer than the limit is cut at a word boundary and marked with `…`; when no clause names a
-- keyword (or the clauses have no keyword at all) the first clause stands. Deterministic: same text, same summary.
with registrations as (
    select id, particulars from int_registrations
),

keywords as (
    select distinct lower(k) as keyword from stg_seeds__topics, unnest(keywords) as u(k)
    where k <> '' -- an empty keyword cell would match every clause
),

-- logical CTEs

clauses as (
    -- clauses: the particulars split on semicolons and on sentence ends (a word of three or more letters, a full
    -- stop, a capital: `No. 9001` is not an end), trimmed, empty pieces dropped
    select r.id as registration_id, u.ordinal, trim(u.clause) as clause, lower(strip_accents(trim(u.clause))) as clause_text
    from registrations as r,
        unnest(regexp_split_to_array(
            regexp_replace(coalesce(r.particulars, ''), '([a-z]{3,}[.!?])\s+([A-Z])', '\1' || chr(1) || '\2', 'g'),
            '[;' || chr(1) || ']')) with ordinality as u(clause, ordinal)
    where trim(u.clause) <> '' -- separators at the start or end leave empty pieces
),

scored as (
    select c.registration_id, c.ordinal, c.clause,
        count(k.keyword) as keyword_hits
    from clauses as c
    left join keywords as k
        -- a keyword as a word (plural s/es allowed); the keywords are plain words, so a clause can name one only if
        -- it contains it: that cheap test first spares compiling the word-boundary pattern for every pair
        on case when contains(c.clause_text, k.keyword)
            then regexp_matches(c.clause_text, '\b' || k.keyword || '(s|es)?\b') else false end
    group by all
),

chosen as (
    -- keyword-bearing clauses, or the first clause when none carries a keyword
    select *, sum(length(clause) + 2) over (partition by registration_id order by ordinal) as running_length
    from scored
    qualify keyword_hits > 0 or (max(keyword_hits) over (partition by registration_id) = 0 and ordinal = 1)
),

joined as (
    select registration_id,
        -- whole clauses while the total stays within 300 characters; the first clause is always kept
        string_agg(clause, '; ' order by ordinal) filter (where running_length <= 302 or ordinal = (
            select min(ordinal) from chosen as f where f.registration_id = chosen.registration_id)) as text
    from chosen
    group by registration_id
),

final as (
    select r.id as registration_id,
        case
            when j.text is null then null
            when length(j.text) <= 300 then j.text
            -- cut at the last space before 300 characters and say so
            else regexp_replace(left(j.text, 299), '\s+\S*$', '') || '…'
        end as summary
    from registrations as r
    left join joined as j on j.registration_id = r.id
)

select * from final
