-- GET /contracts/{id}: the contract with the solicitation it answered (when the document number matches) and its
-- published L6 links.
select
    c.id,
    cast(null as varchar) as slug, -- contracts have no slugs: ids are already URL- and file-safe
    to_json(struct_pack(
        id := id, kind := kind, supplier_organization_id := supplier_organization_id, supplier_name := supplier_name,
        supplier_slug := supplier_slug, supplier_raw := supplier_raw, amount := amount, date := date,
        division := division, category := category, description := description, document_number := document_number,
        solicitation_type := solicitation_type, reason := reason, wards := wards, source_dataset := source_dataset,
        solicitation := case when has_solicitation then struct_pack(
            document_number := document_number, type := solicitation_rfx_type, notice_type := solicitation_noip_type,
            issue_date := solicitation_issue_date, submission_deadline := solicitation_deadline,
            description := solicitation_description) end,
        links := coalesce(lk.links, [])
    )) as doc
from int_contracts as c
left join int_record_links as lk on lk.entity_type = 'contract' and lk.entity_id = c.id
