// Generates the deterministic sample city into the raw layout of docs/contracts.md §1.
import { dayOf } from './common/dates.ts';
import { buildBodies } from './council/bodies.ts';
import { buildItems } from './council/items.ts';
import { buildMeetings } from './council/meetings.ts';
import { buildCouncil } from './council/members.ts';
import { nameOn } from './council/terms.ts';
import { buildMotions } from './council/votes.ts';
import { buildRegistry } from './registry/registrations.ts';
import { snapshotDays, writeSnapshots } from './registry/snapshots.ts';
import { generateDevelopmentProcurementContributions, type PlantGifts } from './development-procurement-contributions.ts';
import { generatePositions } from './positions/generate.ts';
import { plantActivityEffects } from './plants/activity.ts';
import { plantContributionEffects, type Position } from './plants/contributions.ts';
import { plantStaleWards } from './plants/stale-wards.ts';
import { plantContributorIdentity } from './plants/contributor-identity.ts';
import { plantTrends } from './plants/trends.ts';
import { plantSearchItems, plantSearchRegistrations, searchProjectTruth, type SearchProjectTruth } from './plants/search-project.ts';
import { rootRng } from './common/rng.ts';
import { writeTruth } from './truth.ts';
import type { Log, SampleOptions, Summary } from './common/types.ts';
import { writeAgendaItems } from './write/agenda-json.ts';
import { writeContacts, writeDecisionBodies, writeSchedule } from './write/council-files.ts';
import { resetStats, stats, wipeOwned } from './write/out.ts';
import { writeVotes } from './write/votes-csv.ts';

export type { SampleOptions, Summary } from './common/types.ts';

export async function generateSampleCity(options: SampleOptions, log: Log = () => {}): Promise<Summary> {
  const { outDir, seed, scale, asOf } = options;
  const every = Math.max(1, Math.floor(options.snapshotEvery || 1));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(dayOf(asOf))) throw new Error(`asOf must be YYYY-MM-DD, got ${asOf}`);
  if (!(scale > 0)) throw new Error(`scale must be > 0, got ${scale}`);
  const t0 = performance.now();
  const stage = (name: string) => log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${name}`);
  const asOfDay = dayOf(asOf);
  const rng = rootRng(seed, scale, asOf);
  resetStats();
  wipeOwned(outDir);

  stage('council: members, bodies, meetings');
  const council = buildCouncil(rng.fork('council'));
  const bodies = buildBodies(rng.fork('bodies'), council.tenures);
  const meetings = buildMeetings(rng.fork('meetings'), bodies, asOfDay);
  const memberName = (id: number, day: number) => { const n = nameOn(council.byId.get(id)!, day); return `${n.first} ${n.last}`; };
  stage(`agenda items (${meetings.length} meetings)`);
  const items = buildItems(rng.fork('items'), meetings, scale, memberName);
  // what full-text search must find: a project named in a few quiet items' titles (text only; sample/plants/)
  const searchItems = plantSearchItems(items, scale);
  // stale 44-ward numbers on a few TMMIS records of the 25-ward era, picked without drawing (plants/stale-wards.ts)
  const staleWards = plantStaleWards(items);
  const motions = buildMotions(rng.fork('votes'), items, council.byId);
  stage(`writing council files (${items.length} items, ${motions.length} motions)`);
  writeDecisionBodies(outDir, bodies, council);
  writeSchedule(outDir, meetings);
  writeContacts(rng.fork('contacts'), outDir, council);
  const tmmisRecords = writeAgendaItems(rng.fork('agenda-json'), outDir, items);
  stage('lobbyist registry model');
  const registry = buildRegistry(rng.fork('registry'), council, items, scale, asOfDay);
  // planted activity-insight effects (sample/plants/): contacts before votes and votes against the bloc, written below
  const activity = plantActivityEffects(rng.fork('activity-effects'), council, motions, registry, scale, asOfDay);
  const votes = writeVotes(rng.fork('votes-csv'), outDir, motions, council.byId);
  const days = snapshotDays(asOfDay, every);
  // positions before contributions: the contribution plants read the positions (every stream is forked, so the order
  // changes no byte of either)
  stage('agenda-item communications and organisation positions (separate seeded stream)');
  const pos = generatePositions(rng.fork('positions'), outDir, asOfDay, items, registry);
  stage('development, procurement, contributions, address points (separate seeded streams)');
  const plantGifts: PlantGifts = ({ elections, files, people }) => {
    const effects = plantContributionEffects({ rng: rng.fork('plants-contributions'), scale, registry, motions,
      positions: pos.links.organisationPosition as Position[], elections, files, people });
    // at every scale, after the rows above so that none of theirs moves
    const contributorIdentity = plantContributorIdentity({ rng: rng.fork('plants-contributor-identity'), registry, elections, files, people });
    return { ...effects, contributorIdentity };
  };
  // the label 'extended' is historical, but it seeds the stream: renamed, every file of these sources would change
  const devProcContrib = generateDevelopmentProcurementContributions(rng.fork('extended'), outDir, scale, asOfDay, council, items, registry, log, plantGifts);
  // after every source that reads the registry, so that only the snapshots and the truth change (plants/trends.ts)
  stage('planted insight effects: trends (separate seeded stream)');
  const trends = plantTrends(rng.fork('plants-trends'), { council, items, registry, scale, asOfDay, snapshotFrom: days[0]! });
  const searchRegistrations = plantSearchRegistrations(registry.regs, scale);
  stage(`snapshots: ${days.length} days, ${registry.regs.length} registrations`);
  const snap = writeSnapshots(outDir, registry.regs, days, log);
  const { searchProjectApplications, ...devTop } = devProcContrib.top;
  const planted = { links: { ...devProcContrib.links, ...pos.links }, top: { ...devTop, ...pos.top, ...activity.top, trends: trends.truth, staleWards,
      searchProject: searchItems && searchRegistrations ? searchProjectTruth({ agendaItems: searchItems, registrations: searchRegistrations, applications: (searchProjectApplications ?? []) as SearchProjectTruth['applications'] }) : null },
    shares: { ...devProcContrib.shares, ...pos.shares }, counts: { ...devProcContrib.counts, ...pos.counts, ...activity.counts, ...trends.counts } };
  stage('planted truth');
  const truthCounts = writeTruth(outDir, { seed, scale, asOf, snapshotEvery: every, snapshots: days.length }, council, items, registry, votes, asOfDay, planted);
  const ms = Math.round(performance.now() - t0);
  const counts = {
    members: council.members.length, decisionBodies: bodies.length, meetings: meetings.length, agendaReferences: items.length,
    tmmisRecords, votedReferences: items.filter((i) => i.voted).length, motions: motions.length, voteRows: votes.rows,
    registrations: registry.regs.length, communicationsAtAsOf: snap.lastCommunications, activeAtAsOf: snap.lastActive, closedAtAsOf: snap.lastClosed,
    organisations: registry.orgs.orgs.length, lobbyists: registry.lobbyists.all.length, ...truthCounts, ...planted.counts,
  };
  stage(`done in ${(ms / 1000).toFixed(1)}s: ${stats.files} files, ${(stats.bytes / 1e6).toFixed(1)} MB`);
  return { outDir, seed, scale, asOf, snapshots: snap.snapshots, counts, files: stats.files, bytes: stats.bytes, ms };
}
