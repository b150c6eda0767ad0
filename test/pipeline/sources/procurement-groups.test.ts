// TOBids procurement CSVs (amounts, dates and damaged document numbers kept as text; `None` wards) and manual groups.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManualGroups } from '../../../pipeline/sources/groups.ts';
import { loadProcurement } from '../../../pipeline/sources/procurement.ts';
import { cleanup, fixturesRaw, put, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;

describe('procurement', () => {
  it('keeps damaged award amounts and document numbers as text, one row per award line', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadProcurement(ctx)).toEqual({
      src_procurement__awarded: 4, src_procurement__non_competitive: 2, src_procurement__solicitations: 2,
    });
    const awarded = await ctx.wh.all<Rec>('select * exclude (source_file) from src_procurement__awarded order by source_position::int');
    expect(awarded.map((r) => [r.document_number, r.award, r.wards])).toEqual([
      ['3405000123', '$1,317,169.92 CAD', null], ['3405000124', 'S2,035,000.00', '1,2'], ['3.77E+1100', 'kj', null],
      ['3405000125', '31.65/MT', null],
    ]);
    expect(awarded[0]).toEqual({
      document_number: '3405000123', rfx_type: 'RFT', high_level_category: 'Construction Services',
      successful_supplier: 'Acme Paving Ltd.', award: '$1,317,169.92 CAD', award_date: '2024-07-15',
      division: 'Transportation Services,Toronto Water', description: 'Road resurfacing', supplier_address: null,
      wards: null, source_position: '1',
    });
    const nonCompetitive = await ctx.wh.all<Rec>('select * exclude (source_file) from src_procurement__non_competitive order by source_position::int');
    expect(nonCompetitive).toEqual([
      { workspace_number: '8614', reason: 'Emergency', contract_date: '2024-05-01', supplier_name: 'Flood Fix Inc', contract_amount: '$250,000.00', division: 'Toronto Water', supplier_address: null, wards: null, source_position: '1' },
      { workspace_number: '8615', reason: 'Emergency', contract_date: '2024-05-02', supplier_name: 'Pump Co', contract_amount: 'USD 12000', division: 'Toronto Water', supplier_address: '1 Pump Rd, Toronto, ON', wards: '3', source_position: '2' },
    ]);
    const solicitations = await ctx.wh.all<Rec>('select * exclude (source_file, source_position) from src_procurement__solicitations order by source_position::int');
    expect(solicitations[1]).toEqual({
      document_number: '3410001000', rfx_type: 'RFQ', noip_type: 'Advanced Notice of Intended Procurement', issue_date: '2025-01-11',
      submission_deadline: '2025-02-11', high_level_category: 'Goods and Services', description: 'Park benches', division: 'Parks', wards: '4,5',
    });
    expect(solicitations[0]).toMatchObject({ description: 'Doc-3410000999', wards: null });
    expect(ctx.quarantine.entries.map((q) => [q.sourceFile, q.sourcePosition, q.reason])).toEqual([
      ['procurement/tobids-awarded-contracts.csv', 4, 'missing Document Number'],
      ['procurement/tobids-non-competitive-contracts.csv', 3, 'missing Workspace Number'],
    ]);
  });

  it('accepts the pre-October-2025 award date header and loads only the files present', async () => {
    const raw = tempDir();
    try {
      put(path.join(raw, 'procurement/tobids-awarded-contracts.csv'),
        'Document Number,RFx (Solicitation) Type,High Level Category,Successful Supplier,Award,Contract Execution Date,Division,Solicitation Document Description,Supplier Address,Wards\n' +
        '3405000001,RFT,Construction Services,Acme,26773.58,2023-01-05,Parks,Fence,,None\n');
      const ctx = await sourceContext(raw);
      expect(await loadProcurement(ctx)).toEqual({ src_procurement__awarded: 1, src_procurement__non_competitive: 0, src_procurement__solicitations: 0 });
      const [row] = await ctx.wh.all<Rec>('select award, award_date from src_procurement__awarded');
      expect(row).toEqual({ award: '26773.58', award_date: '2023-01-05' });
      expect(ctx.quarantine.entries).toEqual([]);
      expect(ctx.logs.filter((l) => l.includes('stay empty'))).toHaveLength(2);
    } finally {
      cleanup(raw);
    }
  });
});

describe('manual groups', () => {
  it('loads group memberships and quarantines a row without a group', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadManualGroups(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_groups__manual order by source_position::int');
    expect(rows).toEqual([
      { group_name: 'Toronto Region Board of Trade members', organization_name: 'Acme Paving Ltd.', basis_note: 'Listed member 2024', source: 'https://example.org/members', source_position: '1' },
      { group_name: 'Toronto Region Board of Trade members', organization_name: 'Salt Co', basis_note: null, source: null, source_position: '2' },
    ]);
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason, q.excerpt])).toEqual([[3, 'missing group_name', ',Orphan Inc,no group,']]);
  });
});
