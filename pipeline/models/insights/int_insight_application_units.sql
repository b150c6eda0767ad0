-- Applications that can take part in the 4.6 comparison (analysis-definitions.md 4.6): every application with a kind
-- and a type code, flagged lobbied when it has a published L2 link (any confidence band), with its submission day
-- (days since 1970-01-01, what the matching measures distance in). A null size band ("size not stated", every CoA
-- file) is a band of its own: matching on it pairs files that state no size with files that state none.
with lobbied as (
    select distinct to_id as application_id
    from api_links
    where task = 'L2' -- registration → application: the lobbying concerns that application
        and to_type = 'application'
),

final as (
    select
        a.id,
        a.kind,
        a.type,
        a.size_band,
        a.ward,
        a.submitted,
        cast(date_diff('day', date '1970-01-01', a.submitted) as integer) as submitted_day,
        l.application_id is not null as lobbied
    from api_applications as a
    left join lobbied as l on l.application_id = a.id
    where a.type is not null -- the comparison is per type: a file with no type code belongs to no row
)

select * from final
