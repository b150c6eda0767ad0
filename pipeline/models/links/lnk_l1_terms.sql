-- Informative terms of registrations (particulars) and agenda items (titles) for L1/L2 keyword blocking and
-- features: lower case, accents folded, long street words reduced to the short form, a plural `s` dropped, stop
-- words removed. Each term carries its document frequency among agenda items and an IDF weight ln(1 + N / df).
with registrations as (
    select id, particulars from int_registrations
),

agenda_items as (
    select id, title from int_agenda_items
),

stop_words as (
    select unnest([
        'the', 'and', 'for', 'with', 'from', 'into', 'our', 'their', 'its', 'any', 'all', 'this', 'that', 'are',
        'was', 'were', 'has', 'have', 'will', 'not', 'but', 'per', 'via', 'under', 'between', 'about', 'on', 'of',
        'to', 'in', 'at', 'by', 'an', 'or', 'as', 'be', 'is', 'it', 'no',
        'meeting', 'staff', 'member', 'council', 'councillor', 'city', 'toronto', 'related', 'including', 'report',
        'decision', 'final', 'update', 'request', 'direction', 'directions', 'local', 'regarding', 'matter', 'issue'
    ]) as term
) ,

texts as (
    select 'registration' as side, id as record_id, particulars as text from registrations
    where particulars is not null -- a registration without particulars has no keywords to match
    union all
    select 'agenda_item', id, title from agenda_items
    where title is not null -- an untitled item (voting record only) has no keywords to match
),

raw_terms as (
    select distinct side, record_id, unnest(regexp_split_to_array(lower(strip_accents(text)), '[^a-z0-9]+')) as raw
    from texts
),

normalised as (
    select side, record_id,
        case raw
            when 'avenue' then 'ave' when 'street' then 'st' when 'road' then 'rd' when 'boulevard' then 'blvd'
            when 'drive' then 'dr' when 'east' then 'e' when 'west' then 'w' when 'north' then 'n' when 'south' then 's'
            when 'lrt' then 'rail' when 'bia' then 'business' -- abbreviations the titles spell out
            -- a plural `s` on longer words (applications → application); `ss` words keep theirs
            else case when length(raw) > 4 and raw like '%s' and raw not like '%ss' then left(raw, -1) else raw end
        end as term
    from raw_terms
),

kept as (
    select distinct side, record_id, term
    from normalised
    -- single letters and two-letter abbreviations (st, rd, e, w) only add noise; numbers of two or more digits
    -- (street numbers, years, file and RFP numbers) are the most precise terms and are kept
    where (length(term) >= 3 or regexp_matches(term, '^[0-9]{2,}$'))
      and term not in (select term from stop_words) -- function words and boilerplate of every title or particulars
),

item_frequency as (
    select term, count(*) as df
    from kept
    where side = 'agenda_item'
    group by term
),

totals as (
    select count(*) as n_items from agenda_items
),

final as (
    select
        k.side,
        k.record_id,
        k.term,
        coalesce(f.df, 0) as item_df,
        ln(1 + t.n_items / greatest(coalesce(f.df, 0), 1)) as idf
    from kept as k
    left join item_frequency as f using (term)
    cross join totals as t
)

select * from final
