-- GET /contracts/{id}: the contract with the solicitation it answered (when the document number matches) and its
-- published L6 links. The supplier fields are the list record's (api_contracts: the resolved supplier).
select
    c.id,
    cast(null as varchar) as slug, -- contracts have no slugs: ids are already URL- and file-safe
    to_json(struct_pack(
        id := c.id, kind := c.kind, supplier_organization_id := a.supplier_organization_id,
        supplier_name := a.supplier_name, supplier_slug := a.supplier_slug, supplier_raw := c.supplier_raw,
        amount := c.amount, date := c.date, division := c.division, category := c.category, description := c.description,
        document_number := c.document_number, solicitation_type := c.solicitation_type, reason := c.reason,
        wards := c.wards, source_dataset := c.source_dataset,
        solicitation := case when c.has_solicitation then struct_pack(
            document_number := c.document_number, type := c.solicitation_rfx_type, notice_type := c.solicitation_noip_type,
            issue_date := c.solicitation_issue_date, submission_deadline := c.solicitation_deadline,
            description := c.solicitation_description) end,
        links := coalesce(lk.links, [])
    )) as doc
from int_contracts as c
inner join api_contracts as a on a.id = c.id
left join int_record_links as lk on lk.entity_type = 'contract' and lk.entity_id = c.id
