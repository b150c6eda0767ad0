-- Communications that reached a member's office (analysis-definitions.md conventions: the member, or the member's
-- staff resolved to the member through member_person_id), from the published tables, with the registration's client
-- and consultant firm (canonical records), its registry subject categories, and the council term and quarter of the
-- date: the one input of every figure about member offices (/people/{id} office statistics, the activity insights
-- 4.1-4.4, 4.8, contribution overlap), so that each counts the same communications.
with communications as (
    select * from api_communications
    where member_person_id is not null -- resolved to the office of a member in office on the communication date
        and office_holder_type in ('member_of_council', 'councillor_staff') -- only these reach a member's office
),

registrations as (
    select id, client_organization_id, firm_organization_id, subjects from api_registrations
),

final as (
    select
        c.id,
        c.registration_id,
        c.lobbyist_person_id,
        c.member_person_id,
        c.office_holder_type = 'councillor_staff' as to_staff,
        c.method,
        c.date,
        r.client_organization_id,
        r.firm_organization_id,
        list_distinct(coalesce(r.subjects, [])) as subjects,
        t.term, -- null for a date in no council term (none in the City's files since 2006)
        strftime(c.date, '%Y') || 'Q' || cast(quarter(c.date) as varchar) as quarter
    from communications as c
    inner join registrations as r on r.id = c.registration_id
    left join int_terms as t on c.date between t.start_date and t.end_date
)

select * from final
