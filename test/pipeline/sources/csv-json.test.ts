// CSV and TMMIS JSON adapters over the City's real excerpts and hand-made fixtures with the known quirks.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMeetingSchedule } from '../../../pipeline/sources/meetings.ts';
import { loadElectedOfficials } from '../../../pipeline/sources/officials.ts';
import { loadVotes } from '../../../pipeline/sources/votes.ts';
import { loadAgendaItems, loadDecisionBodies } from '../../../pipeline/sources/tmmis.ts';
import { cleanup, fixturesRaw, put, samplesDir, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;

describe('voting record CSV', () => {
  let raw: string;
  afterEach(() => cleanup(raw));

  it('reads the real 2018-2022 excerpt: 10 rows, Date/Time kept as text, Bailão intact', async () => {
    raw = tempDir();
    put(path.join(raw, 'council-voting-record/VW_OPEN_VOTE_2018_2022.csv'),
      fs.readFileSync(path.join(samplesDir, 'voting_record_2018_2022_excerpt.csv')));
    const ctx = await sourceContext(raw);
    expect(await loadVotes(ctx)).toBe(10);
    const rows = await ctx.wh.all<Rec>('select * from src_votes__rows order by source_position::int');
    expect(rows.map((r) => r.source_position)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(rows[1]).toEqual({
      term: '2018-2022', first_name: 'Ana', last_name: 'Bailão', committee: 'City Council', date_time: '2018-12-04 15:03 PM',
      agenda_item_number: '2019.FM1.7', agenda_item_title: 'Election of the Speaker and Deputy Speaker',
      motion_type: 'Nomination of a Member', vote: 'Yes', result: 'Carried, 26-0',
      vote_description: 'Majority required - Appoint Councillor Nunziata as Speaker',
      source_file: 'council-voting-record/VW_OPEN_VOTE_2018_2022.csv', source_position: '2',
    });
    expect(ctx.quarantine.entries).toEqual([]);
  });

  it('decodes raw 0x92 bytes and double-encoded names, keeps CR/LF in quoted titles, quarantines bad rows', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadVotes(ctx)).toBe(3);
    const rows = await ctx.wh.all<Rec>('select * from src_votes__rows order by source_position::int');
    expect(rows[0]).toMatchObject({ last_name: 'Bailão', agenda_item_title: 'Toronto’s Housing Plan\r\nPart 2', vote: 'Yes' });
    expect(rows[2]).toMatchObject({ last_name: 'Crawford', date_time: null, vote: 'Absent', vote_description: null });
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason])).toEqual([
      [4, 'wrong column count (expected 11, got 9)'],
      [5, 'unknown Vote value "Maybe"'],
    ]);
    expect(ctx.logs.join('\n')).toContain('2 blank rows skipped');
  });
});

describe('voting record terms and renamed columns', () => {
  let raw: string;
  afterEach(() => cleanup(raw));
  const header = 'Term,First Name,Last Name,Committee,Date/Time,Agenda Item #,Agenda Item Title,Motion Type,Vote,Result,Vote Description\n';
  const row = '2010-2014,Ana,Bailão,City Council,,2011.CC1.1,Title,Adopt Item,Yes,"Carried, 26-0",Majority required\n';

  it('takes the term from a file name that names one, else from the Term column', async () => {
    raw = tempDir();
    put(path.join(raw, 'council-voting-record/VW_OPEN_VOTE_2022_2026.csv'), header + row);
    put(path.join(raw, 'council-voting-record/VW_OPEN_VOTE_current.csv'), header + row);
    const ctx = await sourceContext(raw);
    expect(await loadVotes(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select source_file, term from src_votes__rows order by source_file');
    expect(rows).toEqual([
      { source_file: 'council-voting-record/VW_OPEN_VOTE_2022_2026.csv', term: '2022-2026' },
      { source_file: 'council-voting-record/VW_OPEN_VOTE_current.csv', term: '2010-2014' },
    ]);
    expect(ctx.quarantine.entries).toEqual([]);
  });

  it('notes renamed columns once per file and loads the rest; a Term column is not missed when the name gives the term', async () => {
    raw = tempDir();
    const renamed = header.replace('Term,', 'Session,').replace('Vote Description', 'Motion Description');
    put(path.join(raw, 'council-voting-record/VW_OPEN_VOTE_2022_2026.csv'), renamed + row);
    put(path.join(raw, 'council-voting-record/VW_OPEN_VOTE_current.csv'), renamed + row);
    const ctx = await sourceContext(raw);
    expect(await loadVotes(ctx)).toBe(2);
    expect(ctx.quarantine.entries.map((q) => [q.sourceFile, q.sourcePosition, q.reason])).toEqual([
      ['council-voting-record/VW_OPEN_VOTE_2022_2026.csv', null, 'missing columns: votedescription'],
      ['council-voting-record/VW_OPEN_VOTE_current.csv', null, 'missing columns: term, votedescription'],
    ]);
    expect(ctx.logs).toContain('votes: council-voting-record/VW_OPEN_VOTE_current.csv: 1 rows, 0 quarantined, 0 blank rows skipped');
  });

  it('says once that the folder is absent', async () => {
    raw = tempDir();
    const ctx = await sourceContext(raw);
    expect(await loadVotes(ctx)).toBe(0);
    expect(ctx.logs).toEqual(['votes: no files in council-voting-record/; src_votes__rows left empty']);
  });
});

describe('CSV parse errors', () => {
  let raw: string;
  afterEach(() => cleanup(raw));

  it('quarantines the record of an unclosed quote and reads on at the next line', async () => {
    raw = tempDir();
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2022_2026.csv'),
      'Term,Committee,MTG #,Date,Start Time,End Time,Location\n2022-2026,City Council,1,2022-11-23,09:30 AM,06:00 PM,Chamber\n'
      + '2022-2026,"Open quote,2,2022-11-24,,,\n2022-2026,City Council,3,2022-12-14,09:30 AM,06:00 PM,Chamber\n'
      + '2022-2026,City Council,4,2023-02-07,09:30 AM,06:00 PM,Chamber\n');
    const ctx = await sourceContext(raw);
    expect(await loadMeetingSchedule(ctx)).toBe(3);
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason])).toEqual([[2, 'csv parse error; record skipped, reading went on at the next line']]);
    expect(ctx.quarantine.files).toEqual([]);
    const rows = await ctx.wh.all<Rec>('select mtg_number from src_meetings__schedule order by 1');
    expect(rows.map((r) => r.mtg_number)).toEqual(['1', '3', '4']);
  });

  it('reports files that cannot be read whole: empty, header only, cut off inside the last record', async () => {
    raw = tempDir();
    const header = 'Term,Committee,MTG #,Date,Start Time,End Time,Location\n';
    const row = (n: number) => `2022-2026,City Council,${n},2022-11-23,09:30 AM,06:00 PM,Chamber\n`;
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2006_2010.csv'), '');
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2010_2014.csv'), header);
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2014_2018.csv'), header + row(1) + row(2) + '2022-2026,City Coun');
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2018_2022.csv'), header + row(1) + '2022-2026,"City Coun');
    put(path.join(raw, 'meeting-schedule/VW_OPEN_MEETING_SCHEDULE_2022_2026.csv'), `\ufeff${(header + row(1) + row(2)).replace(/\n/g, '\r\n')}`);
    const ctx = await sourceContext(raw);
    expect(await loadMeetingSchedule(ctx)).toBe(2 + 1 + 2);
    expect(ctx.quarantine.files.map((f) => [f.sourceFile.slice(-13), f.reason, f.rows])).toEqual([
      ['2006_2010.csv', 'no recognised header row; file not read', 0],
      ['2010_2014.csv', 'no records after the header (an empty export?)', 0],
      ['2014_2018.csv', 'file ends inside its last record (cut off?)', 2],
      ['2018_2022.csv', 'file ends inside its last record (cut off?)', 1],
    ]);
  });
});

describe('TMMIS agenda items', () => {
  let raw: string;
  afterEach(() => cleanup(raw));

  it('reads the real API record: summary HTML to text, epoch ms as text, term from the file name', async () => {
    raw = tempDir();
    const record = fs.readFileSync(path.join(samplesDir, 'tmmis_agenda_item_api_record.json'), 'utf8');
    put(path.join(raw, 'tmmis/agenda-items-2022-2026.json'), `[${record}]`);
    const ctx = await sourceContext(raw);
    expect(await loadAgendaItems(ctx)).toBe(1);
    const [row] = await ctx.wh.all<Rec>('select * from src_tmmis__agenda_items');
    expect(row).toEqual({
      term: '2022-2026', id: 'ID_136274', term_id: '8', agenda_item_id: '136274', decision_body_id: '2744',
      meeting_id: '24669', decision_body_name: 'Confronting Anti-Black Racism Advisory Committee',
      meeting_date: '1725422400000', reference: '2024.CR4.3', term_year: '2024', agenda_cd: 'CR', meeting_number: '4',
      item_status: 'RECEIVED', agenda_item_title: 'Data for Equity',
      agenda_item_summary: 'The purpose of the presentation is to provide an overview of the City’s Data for Equity ' +
        'Strategy and share key components and information on the work, including a focus on Black Data Governance.',
      subject_terms: 'boards of management, committee meetings, equity; boards of directors; boards of governors, employment equity; fair wage; pay equity',
      ward_ids: null, addresses: '[]', planning_application_number: null,
      source_file: 'tmmis/agenda-items-2022-2026.json', source_position: '1',
    });
  });

  it('accepts the envelope and a bare array, builds JSON arrays, quarantines records without reference', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadAgendaItems(ctx)).toBe(4);
    const rows = await ctx.wh.all<Rec>('select * from src_tmmis__agenda_items order by term, source_position');
    expect(rows.map((r) => [r.term, r.reference])).toEqual([
      ['2018-2022', '2023.CC12.3'], ['2022-2026', '2024.CR4.3'], ['2022-2026', '2023.CC12.3'], ['2022-2026', '2023.PH3.1'],
    ]);
    expect(rows[2]).toMatchObject({
      ward_ids: '[10,11]', addresses: '["123 Main St"]', meeting_date: '1700000000000',
      agenda_item_title: 'Rezoning  of 123\u00a0Main St', planning_application_number: '23 123456 STE 10 OZ',
    });
    expect(rows[2].agenda_item_summary).toBe('City Council & staff\ndiscussed “it’s” été.\n\nOne\n\nTwo');
    expect(rows[3].addresses).toBe('["1 Front St W"]');
    expect(ctx.quarantine.entries.map((q) => [q.sourceFile, q.sourcePosition, q.reason])).toEqual([
      ['tmmis/agenda-items-2022-2026.json', 3, 'missing reference'],
    ]);
  });

  it('quarantines an unreadable file without failing the run', async () => {
    raw = tempDir();
    put(path.join(raw, 'tmmis/agenda-items-2022-2026.json'), '{"Records": [ {"reference": "2024.CC1.1"}, ');
    put(path.join(raw, 'tmmis/agenda-items-2018-2022.json'), '{"unexpected": true}');
    const ctx = await sourceContext(raw);
    expect(await loadAgendaItems(ctx)).toBe(0);
    expect(ctx.quarantine.entries.map((q) => q.reason).sort()).toEqual([
      'json parse error', 'not a record list (neither an array nor an envelope with Records)',
    ]);
  });
});

describe('TMMIS decision bodies, meeting schedule, elected officials', () => {
  it('reads bodies with nested codes and their members', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadDecisionBodies(ctx)).toEqual({ bodies: 2, members: 2 });
    const bodies = await ctx.wh.all<Rec>('select * exclude (source_file) from src_tmmis__decision_bodies order by source_position');
    expect(bodies).toEqual([
      { term: '2022-2026', decision_body_id: '2462', decision_body_name: 'City Council', committee_code: 'CC', term_type: '2022-2026', publish_label: 'COUNCIL', source_position: '1' },
      { term: '2022-2026', decision_body_id: '2744', decision_body_name: 'Confronting Anti-Black Racism Advisory Committee', committee_code: 'CR', term_type: '2022-2026', publish_label: 'CMMTTEE', source_position: '3' },
    ]);
    const members = await ctx.wh.all<Rec>('select * exclude (source_file, term) from src_tmmis__decision_body_members order by member_id');
    expect(members).toEqual([
      { decision_body_id: '2462', member_id: '101', first_name: 'Olivia', last_name: 'Chow', salutation: 'MAYOR', appt_start_date: '1689134400000', appt_end_date: null, role: 'CHAIR', source_position: '1' },
      { decision_body_id: '2462', member_id: '102', first_name: 'Ana', last_name: 'Bailão', salutation: 'COUNCILR', appt_start_date: '2022-11-15', appt_end_date: '2023-02-17', role: null, source_position: '1' },
    ]);
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason])).toEqual([[2, 'missing decisionBodyId']]);
  });

  it('reads the meeting schedule, blanks as null', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadMeetingSchedule(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_meetings__schedule order by source_position');
    expect(rows[1]).toEqual({ term: '2022-2026', committee: 'Executive Committee', mtg_number: '12', date: '2024-03-20', start_time: '09:30 AM', end_time: null, location: 'Committee Room 1', source_position: '2' });
  });

  it('reads elected officials with the term from the file name and vacancies as nulls', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadElectedOfficials(ctx)).toBe(3);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file, source_position) from src_officials__contacts order by source_position');
    expect(rows).toEqual([
      { term: '2022-2026', district_name: 'Toronto', district_id: null, primary_role: 'Mayor', first_name: 'Olivia', last_name: 'Chow', email: 'mayor_chow@toronto.ca' },
      { term: '2022-2026', district_name: 'Etobicoke North', district_id: '1', primary_role: 'Councillor', first_name: 'Vincent', last_name: 'Crisanti', email: 'councillor_crisanti@toronto.ca' },
      { term: '2022-2026', district_name: 'Scarborough Southwest', district_id: '20', primary_role: 'Councillor', first_name: null, last_name: null, email: null },
    ]);
    expect(ctx.quarantine.entries).toEqual([]);
  });
});
