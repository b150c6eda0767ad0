// /insights/firm-clients recomputed from published /registrations and /communications, as
// api_insight_firm_clients.sql defines it: the differential test reads the ids as published, the cross-figure test
// through the L3 merges it derives from /links, so each organisation is counted once whatever the rows name.
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const pad = (n: number) => String(n).padStart(12, '0');
const max = (...xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x).sort().at(-1) ?? null;
const min = (...xs: (string | null | undefined)[]) => xs.filter((x): x is string => !!x).sort()[0] ?? null;

/** Rows in published order (firm, client, year) without model_version; `canon` maps an organisation id to the one counted. */
export function recountFirmClients(exportDay: string, registrations: readonly Row[], communications: readonly Row[],
  canon: (id: number) => number = (id) => id): Row[] {
  const regs = registrations.filter((r) => r.type === 'consultant' && r.firm_organization_id !== null && r.client_organization_id !== null);
  const lastComm = new Map<string, string>();
  for (const c of communications) if (!lastComm.has(c.registration_id) || c.date > lastComm.get(c.registration_id)!) lastComm.set(c.registration_id, c.date);
  const byId = new Map(regs.map((r) => [r.id as string, r]));
  interface Cell { firm: number; client: number; year: number; regs: Set<string>; lobbyists: Set<number>; dates: string[]; offices: Set<number> }
  const cells = new Map<string, Cell>();
  const cell = (r: Row, year: number) => {
    const firm = canon(r.firm_organization_id), client = canon(r.client_organization_id);
    const key = `${pad(firm)} ${pad(client)} ${year}`;
    if (!cells.has(key)) cells.set(key, { firm, client, year, regs: new Set(), lobbyists: new Set(), dates: [], offices: new Set() });
    return cells.get(key)!;
  };
  for (const r of regs) {
    // active from the start (else the approval) to the end, else the export day while active, else the last
    // communication (or the start) once closed; never past the export day
    const from = r.start_date ?? r.initial_approval_date;
    if (!from) continue;
    const to = min(exportDay, r.end_date ?? (r.status === 'active' ? exportDay : max(from, lastComm.get(r.id))));
    for (let y = Number(from.slice(0, 4)); to && y <= Number(to.slice(0, 4)); y++) {
      const c = cell(r, y);
      c.regs.add(r.id);
      if (r.lobbyist_person_id !== null) c.lobbyists.add(r.lobbyist_person_id);
    }
  }
  for (const m of communications) {
    const r = byId.get(m.registration_id);
    if (!r) continue;
    const c = cell(r, Number(m.date.slice(0, 4)));
    c.dates.push(m.date);
    if (m.lobbyist_person_id !== null) c.lobbyists.add(m.lobbyist_person_id);
    if (m.member_person_id !== null && ['member_of_council', 'councillor_staff'].includes(m.office_holder_type)) c.offices.add(m.member_person_id);
  }
  return [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => {
    const dates = c.dates.sort();
    return { firm_organization_id: c.firm, client_organization_id: c.client, year: c.year, registrations: c.regs.size, communications: dates.length,
      lobbyists: c.lobbyists.size, member_offices_contacted: c.offices.size, first_date: dates[0] ?? null, last_date: dates.at(-1) ?? null };
  });
}
