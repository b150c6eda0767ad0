-- Published links as the objects record documents embed, once per record they touch (both ends), so a detail
-- model joins on (entity_type, entity_id). L7 is left out: contributor matches appear only at /contributions.
with published as (
    select l.*, e.evidence
    from int_links as l
    inner join int_link_evidence as e using (task, from_type, from_id, to_type, to_id)
    where l.published
        and l.task <> 'L7' -- never embedded in any document (api-spec.md publication rules)
),

objects as (
    select
        *,
        struct_pack(
            id := id, task := task, from_type := from_type, from_id := from_id, to_type := to_type, to_id := to_id,
            probability := probability, model := model, model_version := model_version,
            question_version := question_version,
            reviewed_at := strftime(reviewed_at, '%Y-%m-%dT%H:%M:%SZ'),
            evidence := evidence, confidence := confidence
        ) as link
    from published
)

select from_type as entity_type, from_id as entity_id, id, link from objects
union all
select to_type, to_id, id, link from objects
