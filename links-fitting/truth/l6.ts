// L6 truth (contract → organisation): the planted supplier spellings (`links.contractOrganisation`, by file and
// row) and the planted look-alike suppliers (`supplierDecoys`), mapped to contract ids by source file and row and to
// organisation ids by the matching key. A supplier that is a planted organisation is correctly linked to any
// warehouse record of that organisation (its typo records are the same legal entity, see L3).
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { organisationIds, similarities, summarise } from './l3.ts';
import type { TruthMapper } from './types.ts';

interface Row { file: string; row: number; supplier: string; organisation?: string; lookalikeOf?: string }

/**
 * Contract ids by `file|row` of the planted row (the 1-based data record, as the adapters number source positions).
 * The generator repeats a call-up's supplier on the document's following lines without listing them in the truth,
 * so the other lines of the same document with the identical supplier text carry the planted row's label. The
 * document is compared as cleaned ('Doc-4511064563' and '4511064563' are one document: a damaged number is still
 * the same call-up).
 */
async function contractIds(wh: Warehouse): Promise<Map<string, string[]>> {
  const rows = await wh.all<{ k: string; id: string }>(
    `select c.source_file || '|' || cast(c.source_position as varchar) as k, o.id
     from int_contracts as c
     inner join int_contracts as o on o.id = c.id
        or (o.source_file = c.source_file and o.supplier_raw = c.supplier_raw
            and coalesce(o.document_number, o.document_number_raw, '') = coalesce(c.document_number, c.document_number_raw, '')
            and c.kind = 'competitive')`);
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.k, [...(map.get(r.k) ?? []), r.id]);
  return map;
}

const l6: TruthMapper = async (wh, planted) => {
  const orgs = await organisationIds(wh, planted);
  const contracts = await contractIds(wh);
  const canonical = new Map((planted.organisations as { id: string; canonical: string }[]).map((o) => [o.id, o.canonical]));
  const positives = new Set<string>(), decoys = new Set<string>();
  const trueNames: [string, string][] = [], decoyNames: [string, string][] = [];
  const links = (planted.links as Record<string, Row[]>).contractOrganisation;
  for (const t of links) {
    // a row the pipeline quarantined or dropped (a repeated workspace number) has no contract
    for (const c of contracts.get(`${t.file}|${t.row}`) ?? []) {
      for (const o of orgs.get(t.organisation!) ?? []) positives.add(`${c}|${o}`);
    }
    trueNames.push([t.supplier, canonical.get(t.organisation!) ?? '']);
  }
  for (const d of planted.supplierDecoys as Row[]) {
    for (const c of contracts.get(`${d.file}|${d.row}`) ?? []) {
      for (const o of orgs.get(d.lookalikeOf!) ?? []) if (!positives.has(`${c}|${o}`)) decoys.add(`${c}|${o}`);
    }
    decoyNames.push([d.supplier, canonical.get(d.lookalikeOf!) ?? '']);
  }
  return summarise(positives, decoys, await similarities(wh, trueNames), await similarities(wh, decoyNames));
};

export default l6;
