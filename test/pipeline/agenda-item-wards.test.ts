// Agenda-item wards on the development models' tiny city (development-fixture.ts) plus a few TMMIS records: a ward
// outside the ward model of the meeting date is dropped and counted, a 44-ward number before 2018-12-01 is kept, and
// in the 25-ward era the item takes the ward of the sites it names. The night check agrees and catches a bad row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../pipeline/lib/checks.ts';
import { runModels } from '../../pipeline/lib/models.ts';
import type { Warehouse } from '../../pipeline/db/warehouse.ts';
import { developmentWarehouse, fillDevelopmentCity } from './development-fixture.ts';
import { insertRows } from './source-fixture.ts';

let wh: Warehouse;
type R = Record<string, unknown>;
const CHECK = 'api_agenda_items__wards_in_model';

// noon in Toronto, so the meeting date does not depend on the time zone
const item = (reference: string, day: string, wards: number[], addresses: string[] = []) => ({
  term: day < '2018-12-01' ? '2014-2018' : '2018-2022', reference, agenda_item_id: String(1000 + Number(reference.split('.').pop())),
  meeting_date: String(Date.parse(`${day}T17:00:00Z`)), agenda_cd: reference.replace(/^\d{4}\.([A-Z]+)\d+\..*$/, '$1'),
  meeting_number: reference.replace(/^\d{4}\.[A-Z]+(\d+)\..*$/, '$1'), agenda_item_title: `Item ${reference}`,
  ward_ids: JSON.stringify(wards), addresses: JSON.stringify(addresses), source_file: 'fixture/wards.json',
});

beforeAll(async () => {
  wh = await developmentWarehouse();
  await fillDevelopmentCity(wh); // 12 Queen St E lies in ward 13, 50-60 Spadina Ave in ward 10
  await insertRows(wh, 'src_tmmis__agenda_items', [
    item('2019.TE1.11', '2019-01-15', [33], ['12 Queen Street East']), // stale 44-ward number, names a site
    item('2020.EX1.12', '2020-02-03', [31]), // stale 44-ward number, no site
    item('2017.NY3.13', '2017-03-01', [40]), // a 44-ward number in the 44-ward era
    item('2018.NY9.14', '2018-11-30', [40]), // the last day of the 44-ward model
    item('2018.CC1.15', '2018-12-01', [40]), // the first day of the 25-ward model
    item('2021.PH1.16', '2021-06-01', [13], ['50 Spadina Avenue']), // a 25-ward number other than its site's
    item('2022.PH2.17', '2022-03-01', [4], ['50 Spadina Avenue', '12 Queen Street East']), // sites in two wards
  ].map((row, i) => ({ ...row, source_position: String(i + 1) })));
  await runModels(wh, () => {});
});
afterAll(() => wh.close());

const published = async (id: string) =>
  (await wh.all<R>(`select ward, f_wards from api_agenda_items where id = '${id}'`))[0];
const nulled = async (id: string) =>
  wh.all<R>(`select source, source_file, source_position, severity, reason from qa_invalid_values where excerpt = '${id}' order by reason`);

describe('agenda-item wards', () => {
  it('drops a stale 44-ward number after 2018-12-01, counts it, and takes the ward of the site the item names', async () => {
    expect(await published('2019.TE1.11')).toEqual({ ward: 13, f_wards: [13] });
    expect(await nulled('2019.TE1.11')).toEqual([{ source: 'tmmis', source_file: 'fixture/wards.json', source_position: '1',
      severity: 'value_nulled', reason: 'wardId "33" is not a ward of the 25-ward model in force on the meeting date' }]);
    const doc = JSON.parse((await wh.all<{ doc: string }>("select doc from api_agenda_items_detail where id = '2019.TE1.11'"))[0]!.doc);
    expect(doc).toMatchObject({ ward: 13, wards: [13] });
  });

  it('leaves an item without a site and with only a stale number without a ward', async () => {
    expect(await published('2020.EX1.12')).toEqual({ ward: null, f_wards: [] });
    expect((await nulled('2020.EX1.12')).map((r) => r.reason)).toEqual(['wardId "31" is not a ward of the 25-ward model in force on the meeting date']);
  });

  it('keeps a 44-ward number before 2018-12-01, also on an item naming a 25-ward site', async () => {
    expect(await published('2017.NY3.13')).toEqual({ ward: 40, f_wards: [40] });
    expect(await published('2018.NY9.14')).toEqual({ ward: 40, f_wards: [40] });
    expect(await published('2016.TE15.7')).toEqual({ ward: 20, f_wards: [20] }); // 50 Spadina Ave is in ward 10 today
    expect(await nulled('2017.NY3.13')).toEqual([]);
    expect(await nulled('2018.NY9.14')).toEqual([]);
    expect(await published('2018.CC1.15')).toEqual({ ward: null, f_wards: [] });
    expect(await nulled('2018.CC1.15')).toHaveLength(1);
  });

  it('takes the ward of the sites when they agree, over a TMMIS ward of the 25-ward model', async () => {
    expect(await published('2021.PH1.16')).toEqual({ ward: 10, f_wards: [10] });
    expect((await nulled('2021.PH1.16')).map((r) => r.reason)).toEqual(['wardId "13" is not the ward of the sites the item names ("10")']);
  });

  it('adds the wards of sites in several wards to the TMMIS ward', async () => {
    expect(await published('2022.PH2.17')).toEqual({ ward: null, f_wards: [4, 10, 13] });
    expect(await nulled('2022.PH2.17')).toEqual([]);
  });

  it('does not pass a stale number on to the sites as a source ward', async () => {
    const mention = await wh.all<R>("select source_ward from int_site_mentions where record_id = '2019.TE1.11'");
    expect(mention).toEqual([{ source_ward: null }]);
  });
});

describe('the night check of agenda-item wards', () => {
  const failures = async () => (await runChecks(wh)).find((c) => c.check === CHECK)!;

  it('passes on the published items', async () => {
    expect((await failures()).failures).toBe(0);
  });

  it('fails a ward outside the model of the date and an item whose sites lie in another ward', async () => {
    await wh.exec(`create table saved_items as select * from api_agenda_items`);
    await wh.exec(`update api_agenda_items set f_wards = [33], ward = 33 where id = '2020.EX1.12'`);
    await wh.exec(`update api_agenda_items set f_wards = [10, 13], ward = null where id = '2019.TE1.11'`);
    const result = await failures();
    expect(result.sample.map((r) => [r.id, r.problem]).sort()).toEqual([
      ['2019.TE1.11', 'the item\'s sites all lie in ward 13, the item carries other wards'],
      ['2020.EX1.12', 'ward outside the ward model of the meeting date'],
    ]);
    await wh.exec(`create or replace table api_agenda_items as select * from saved_items`);
  });
});
