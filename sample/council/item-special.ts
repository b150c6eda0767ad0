// Special agenda items: the inaugural meeting's FM items and members' motions with their mover/seconder tail.
import type { Rng } from '../common/rng.ts';
import type { Meeting } from '../common/types.ts';

export const FM_TITLES = ['Declarations of Office', 'Election of the Speaker and Deputy Speaker', 'Appointment of Deputy Mayors',
  'Striking Committee Recommendations - Appointments to Standing Committees', 'Appointment of the Budget Chief',
  "Council's Procedures for the Term - Interim Arrangements"];

export function mmTitle(rng: Rng, base: string, meeting: Meeting, memberName: (memberId: number, day: number) => string): string {
  const day = meeting.days[0];
  const sitting = meeting.body.members.filter((a) => a.start <= day && day <= (a.end ?? Infinity));
  const [mover, seconder] = rng.sample(sitting, 2);
  const verb = rng.pick(['Requesting a report on', 'Supporting', 'Reviewing', 'Directing action on']);
  const surname = (id: number) => memberName(id, day).split(' ').slice(1).join(' ');
  return `${verb} ${base} - by Councillor ${surname(mover.memberId)}, seconded by Councillor ${surname(seconder.memberId)}`;
}
