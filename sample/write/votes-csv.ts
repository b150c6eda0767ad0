// Writes VW_OPEN_VOTE_<term>.csv with the City's quirks: 24-hour times with AM/PM, empty or date-only Date/Time,
// CR/LF and raw 0x92 in titles, mojibake names, duplicated committee rows and a few unknown Vote values.
import { isoOf } from '../common/dates.ts';
import { ABSENT, YES } from '../council/votes.ts';
import { nameOn, TERMS } from '../council/terms.ts';
import type { Rng } from '../common/rng.ts';
import { CP1252_APOS, csvRow, mojibake } from '../common/text.ts';
import type { Member, Motion } from '../common/types.ts';
import { Out } from './out.ts';

export const VOTE_HEADER = ['Term', 'First Name', 'Last Name', 'Committee', 'Date/Time', 'Agenda Item #', 'Agenda Item Title', 'Motion Type', 'Vote', 'Result', 'Vote Description'];

export interface VoteWriteResult { rows: number; spellings: Map<number, Set<string>>; malformed: { file: string; row: number; value: string }[] }

function stamp(day: number, minute: number): string {
  const h = Math.floor(minute / 60), mi = minute % 60;
  return `${isoOf(day)} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}

export function writeVotes(rng: Rng, outDir: string, motions: Motion[], byId: Map<number, Member>): VoteWriteResult {
  const res: VoteWriteResult = { rows: 0, spellings: new Map(), malformed: [] };
  const titleOf = new Map<string, string>();
  const mojibakeMeeting = new Map<number, boolean>();
  for (const term of TERMS) {
    const file = `council-voting-record/VW_OPEN_VOTE_${term.key.replace('-', '_')}.csv`;
    const ms = motions.filter((m) => m.meeting.term === term.key).sort((a, b) => a.day - b.day || (a.time ?? 0) - (b.time ?? 0));
    const total = ms.reduce((s, m) => s + m.memberIds.length, 0);
    const bad = new Set<number>();
    for (let i = 0; i < Math.max(1, Math.round(total * 0.0002)); i++) bad.add(rng.int(0, Math.max(0, total - 1)));
    const o = new Out(`${outDir}/${file}`);
    o.text(csvRow(VOTE_HEADER));
    let rowIdx = 0, line = 0; // line = data records written so far (header excluded)
    const oldEra = term.key === '2010-2014' || term.key === '2014-2018';
    for (const m of ms) {
      const inaugural = m.meeting.body.code === 'CC' && m.meeting.number === 1;
      const dt = term.key === '2006-2010' || (inaugural && term.key === '2022-2026') ? ''
        : oldEra && rng.chance(0.06) ? isoOf(m.day) : stamp(m.day, m.time ?? 600);
      const ref = m.item.reference ?? '';
      let title = titleOf.get(`${term.key}|${ref}`);
      if (title === undefined) {
        title = m.item.title;
        if (oldEra) title = title.replace(/'/g, CP1252_APOS); // these terms were exported from a Windows-1252 source
        if (title.length > 60 && rng.chance(0.12)) { const at = title.indexOf(' ', 40); if (at > 0) title = `${title.slice(0, at)}\r\n${title.slice(at + 1)}`; }
        titleOf.set(`${term.key}|${ref}`, title);
      }
      if (!mojibakeMeeting.has(m.meeting.meetingId)) mojibakeMeeting.set(m.meeting.meetingId, rng.chance(0.15));
      const garble = mojibakeMeeting.get(m.meeting.meetingId)!;
      const req = rng.chance(term.key < '2014' ? 0.7 : 0.15) ? 'Required' : 'required';
      const desc = `${m.threshold} ${req} - ${m.description}`;
      const copies = m.meeting.body.code !== 'CC' && rng.chance(0.03) ? 2 : 1;
      let chunk = '';
      m.memberIds.forEach((id, k) => {
        const member = byId.get(id)!;
        const n = nameOn(member, m.day);
        const first = garble && member.accented ? mojibake(n.first) : n.first;
        const last = garble && member.accented ? mojibake(n.last) : n.last;
        let set = res.spellings.get(id);
        if (!set) res.spellings.set(id, (set = new Set()));
        set.add(`${first} ${last}`);
        let vote = m.votes[k] === YES ? 'Yes' : m.votes[k] === ABSENT ? 'Absent' : 'No';
        if (bad.has(rowIdx++)) { vote = rng.pick(['Abstain', 'Conflict', 'Y']); res.malformed.push({ file, row: line + k + 1, value: vote }); }
        chunk += csvRow([term.key, first, last, m.meeting.body.name, dt, ref, title!, m.motionType, vote, m.result, desc]);
      });
      for (let c = 0; c < copies; c++) { o.text(chunk); res.rows += m.memberIds.length; }
      line += copies * m.memberIds.length; // logical rows (CR/LF inside quoted titles do not start new records)
    }
    o.close();
  }
  return res;
}
