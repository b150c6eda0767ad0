// The labels=1 rule on hand-made records: which fields get a sibling, where it goes, what it holds, and what is
// never touched (a link's evidence, a field the record already has); and the labels file's refusals.
import { describe, expect, it } from 'vitest';
import { labelledFields, parseLabels, siblingOf, withLabels, type LabelLookup } from '../../api/labels.ts';
import { labelsFile, readLabelsFile } from '../../export/labels-file.ts';

const names: Record<string, Record<string, string>> = {
  organization: { 7: 'Acme Developments Inc.', 9: 'Beacon Government Relations Inc.' },
  person: { 3: 'Maria Chen' },
  registration: { SM10: 'Acme Developments Inc. — Rezoning' },
};
const lookup: LabelLookup = (kind, id) => names[kind]?.[id];

describe('withLabels', () => {
  it('puts each sibling right after its id field, null where the id or its name is missing', () => {
    const out = withLabels({ id: 'C1', client_organization_id: 7, lobbyist_person_id: 4, member_person_id: null, date: '2025-01-02' }, lookup);
    expect(JSON.stringify(out)).toBe('{"id":"C1","client_organization_id":7,"client_organization_name":"Acme Developments Inc.",'
      + '"lobbyist_person_id":4,"lobbyist_person_name":null,"member_person_id":null,"member_person_name":null,"date":"2025-01-02"}');
  });

  it('names typed ends by their type, and gives null to a kind without names', () => {
    const link = { from_type: 'communication', from_id: 'C1', to_type: 'person', to_id: '3', evidence: { organization_id: 7 } };
    expect(withLabels(link, lookup)).toEqual({ ...link, from_name: null, to_name: 'Maria Chen' });
    expect(withLabels({ subject_type: 'firm', subject_id: '9' }, lookup)).toEqual({ subject_type: 'firm', subject_id: '9', subject_name: 'Beacon Government Relations Inc.' });
    expect(withLabels({ scope: 'division', scope_id: 'Transit' }, lookup)).toEqual({ scope: 'division', scope_id: 'Transit', scope_name: null });
  });

  it('labels nested records and id arrays, keeps evidence as it is and never overwrites a field', () => {
    const doc = { id: 7, registrations: [{ registration_id: 'SM10' }], registration_ids: ['SM10', 'SM99'], evidence: { person_id: 3 },
      organization_id: 9, organization_name: 'as published' };
    expect(withLabels(doc, lookup)).toEqual({ id: 7, registrations: [{ registration_id: 'SM10', registration_name: 'Acme Developments Inc. — Rezoning' }],
      registration_ids: ['SM10', 'SM99'], registration_names: ['Acme Developments Inc. — Rezoning', null], evidence: { person_id: 3 },
      organization_id: 9, organization_name: 'as published' });
  });

  it('names its fields by one rule', () => {
    expect(siblingOf('client_organization_id')).toBe('client_organization_name');
    expect(siblingOf('registration_ids')).toBe('registration_names');
    expect(labelledFields(['id', 'communication_id', 'contribution_id', 'group_id', 'export_id', 'candidate_person_id', 'candidate_name']))
      .toEqual(['group_id', 'candidate_person_id']);
  });

  it('reads the parameter as 1 or 0 and nothing else', () => {
    expect(parseLabels(null)).toBe(false);
    expect(parseLabels('0')).toBe(false);
    expect(parseLabels('1')).toBe(true);
    for (const bad of ['', 'on', 'true', '01']) expect(() => parseLabels(bad)).toThrow(/"labels" must be 1/);
  });
});

describe('the labels file', () => {
  it('is the same bytes for the same names in any order, and reads back', () => {
    const rows = [{ kind: 'person', id: '3', name: 'Maria Chen' }, { kind: 'organization', id: '7', name: 'Acme' }];
    const text = labelsFile(rows);
    expect(labelsFile([...rows].reverse())).toBe(text);
    const read = readLabelsFile(text);
    expect(read('person', '3')).toBe('Maria Chen');
    expect(read('organization', '3')).toBeUndefined();
  });

  it('refuses a kind the API does not label and a record named twice', () => {
    expect(() => labelsFile([{ kind: 'contribution', id: '1', name: 'x' }])).toThrow(/unknown kind "contribution"/);
    expect(() => labelsFile([{ kind: 'person', id: '1', name: 'x' }, { kind: 'person', id: '1', name: 'y' }])).toThrow(/named twice/);
  });
});
