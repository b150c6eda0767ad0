-- GET /insights/office-contacts (analysis-definitions.md 4.3): communications per member office (the member and the
-- staff resolved to them) per calendar quarter, and per member and term (quarter "term"). A quarter is split at a
-- term boundary (the term of each communication is the council term containing its date), so each row belongs to
-- one term. Rank 1 is the most contacted office among the offices contacted in that term's quarter (or term);
-- offices with equal counts share a rank and the next rank skips (1, 1, 3). Offices with no communication in a
-- quarter have no row. The counts are int_office_contact_counts', which /people/{id} office statistics also read:
-- `other` is method other only, `not_stated` the communications with no method stated.
with per_period as (
    select * from int_office_contact_counts
    where quarter is not null -- quarter and term rows; the all-time row is /people/{id}'s alone
),

ranked as (
    select
        *,
        rank() over (partition by term, quarter order by communications desc) as rank
    from per_period
),

final as (
    select
        cast(person_id as integer) as person_id,
        term,
        quarter,
        cast(communications as integer) as communications,
        cast(registrations as integer) as registrations,
        cast(organizations as integer) as organizations,
        cast(lobbyists as integer) as lobbyists,
        cast(meeting as integer) as meeting,
        cast(call as integer) as call,
        cast(email as integer) as email,
        cast(written as integer) as written,
        cast(other as integer) as other,
        cast(not_stated as integer) as not_stated,
        round(to_staff / communications, 4) as staff_share,
        cast(rank as integer) as rank,
        (select export_date from int_export) as model_version,
        -- term, then quarter with the term row after its quarters ("~" sorts after every digit), then rank, person id
        term || ' ' || case when quarter = 'term' then '~' else quarter end || ' '
            || lpad(cast(rank as varchar), 6, '0') || ' ' || lpad(cast(person_id as varchar), 12, '0') as _sort
    from ranked
)

select * from final
