-- POH contacts with the office holder and the member whose office was contacted resolved by deterministic rules
-- (full name, then surname with a compatible initial, then the Mayor's office, then the ward named in the office),
-- among the members in office on the communication date. An ambiguous best match resolves to nobody.
with contacts as (
    select
        c.*,
        -- the typed name with titles removed, folded like person keys
        person_key(regexp_replace(coalesce(c.poh_name, ''),
            '(?i)\b(deputy mayor|mayor|councillor|councilor|cllr|mr|mrs|ms|miss|dr|hon|the)\b\.?', ' ', 'g'), '') as poh_key,
        lower(coalesce(c.poh_office, '') || ' ' || coalesce(c.poh_position, '')) as office_text,
        -- the office text as space-delimited words, so a surname or "mayor" can be found as a whole word
        ' ' || trim(regexp_replace(lower(strip_accents(coalesce(c.poh_office, '') || ' ' || coalesce(c.poh_position, ''))), '[^a-z0-9]+', ' ', 'g')) || ' ' as office_words
    from stg_registry__communications as c
    where c.is_poh_contact
        and c.communication_date is not null -- undated contacts are reported by qa_invalid_values and not published
),

in_office as (
    select m.*, p.id as person_id,
        person_key('', m.last_name) as last_key,
        left(person_key(m.first_name, ''), 1) as first_initial
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
),

candidates as (
    select
        c.communication_id,
        m.person_id,
        case
            when c.office_holder_type = 'member_of_council' and c.poh_key = m.name_key then 1
            when c.office_holder_type = 'member_of_council' and c.poh_key is not null
                and split_part(c.poh_key, ' ', -1) = m.last_key
                and (len(string_split(c.poh_key, ' ')) = 1 or left(c.poh_key, 1) = m.first_initial) then 2
            when c.office_holder_type = 'councillor_staff'
                and contains(c.office_words, ' ' || m.last_key || ' ') then 2
            when contains(c.office_words, ' mayor ') and not contains(c.office_words, ' deputy mayor ')
                and m.role = 'mayor' then 3
            when ward_in_text(c.office_text) = m.ward then 4
        end as match_rank
    from contacts as c
    inner join in_office as m on c.communication_date between m.start_date and m.end_date
    where c.office_holder_type in ('member_of_council', 'councillor_staff') -- only these name a member's office
),

best as (
    select communication_id, min(match_rank) as match_rank
    from candidates
    where match_rank is not null
    group by communication_id
),

members as (
    select b.communication_id, b.match_rank,
        case when count(distinct c.person_id) = 1 then min(c.person_id) end as member_person_id,
        count(distinct c.person_id) as candidates_at_best_rank
    from best as b
    inner join candidates as c using (communication_id, match_rank)
    group by b.communication_id, b.match_rank
),

staff as (
    select s.communication_id, p.id as staff_person_id
    from int_staff_mentions as s
    inner join int_people as p on p.natural_key = 'staff:' || s.name_key
),

registrants as (
    select id as registration_id, lobbyist_person_id from int_registrations
),

sightings as (
    select communication_id, try_cast(first_seen_date as date) as first_seen_date from src_registry__sightings
),

final as (
    select
        c.communication_id as id,
        c.registration_id,
        coalesce(lp.id, r.lobbyist_person_id) as lobbyist_person_id,
        case
            when c.office_holder_type = 'member_of_council' then m.member_person_id
            else s.staff_person_id
        end as office_holder_person_id,
        c.poh_name as office_holder_raw,
        c.poh_office as office,
        c.office_holder_type,
        m.member_person_id,
        c.method,
        c.method_raw,
        c.communication_date as date,
        -- first sighting in the snapshot history; the newest snapshot's date when no history is loaded
        coalesce(g.first_seen_date, reg.snapshot_date) as first_seen_date,
        m.match_rank as member_match_rank,
        m.candidates_at_best_rank,
        c.poh_type,
        c.poh_position,
        c.source_file,
        c.source_position
    from contacts as c
    inner join stg_registry__registrations as reg using (registration_id)
    left join members as m using (communication_id)
    left join staff as s using (communication_id)
    left join registrants as r using (registration_id)
    left join int_people as lp on c.lobbyist_last_name is not null
        and lp.natural_key = 'lobbyist:' || person_key(c.lobbyist_first_name, c.lobbyist_last_name)
    left join sightings as g using (communication_id)
)

select * from final
