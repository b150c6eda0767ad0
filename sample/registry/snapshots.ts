// Daily lobbyactivity.zip snapshots. Each registration's <ROW> is rendered and deflated once per state change;
// a snapshot's XML stream is the concatenation of those byte-aligned deflate pieces, and its CRC is combined from theirs.
// Pieces come from node:zlib (Z_SYNC_FLUSH): fflate's own sync flush produced unconcatenable output above ~10 kB.
import { constants, deflateRawSync } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';
import { isoOf } from '../common/dates.ts';
import type { Log } from '../common/types.ts';
import { Out } from '../write/out.ts';
import { crc32, crc32Combine } from './crc.ts';
import type { Registration } from './model.ts';
import { renderRow } from './xml.ts';

interface Frag { key: string; data: Uint8Array<ArrayBuffer>; crc: number; len: number }

function deflatePiece(text: string, key: string, final: boolean): Frag {
  const raw = Buffer.from(text, 'utf8');
  // Sync flush: byte-aligned and not final, so pieces can be concatenated; only the closing piece is final.
  const data = deflateRawSync(raw, { level: 6, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
  return { key, data: new Uint8Array(data.buffer, data.byteOffset, data.length) as Uint8Array<ArrayBuffer>, crc: crc32(raw), len: raw.length };
}

const HEAD = deflatePiece('<?xml version="1.0" encoding="UTF-8"?>\n<ROWSET>\n', 'head', false);
const TAIL = deflatePiece('</ROWSET>\n', 'tail', true);

/** Days from asOf-290 to asOf, every Nth, always including asOf. */
export function snapshotDays(asOfDay: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= 290; i++) if (i % every === 0 || i === 290) out.push(asOfDay - 290 + i);
  return out;
}

export interface SnapshotStats { snapshots: number; lastActive: number; lastClosed: number; lastCommunications: number }

export function writeSnapshots(outDir: string, regs: Registration[], days: number[], log: Log): SnapshotStats {
  const cache = new Map<number, Frag>(); // registration key -> fragment of its current state
  const ptr = new Int32Array(regs.length); // communications recorded so far, per registration (days only increase)
  const stats: SnapshotStats = { snapshots: 0, lastActive: 0, lastClosed: 0, lastCommunications: 0 };
  regs.forEach((r, i) => { r.key = i; });
  for (const day of days) {
    const files: Record<'active' | 'closed', Frag[]> = { active: [], closed: [] };
    let comms = 0;
    for (const r of regs) {
      if (r.initial > day) continue;
      let n = ptr[r.key];
      while (n < r.comms.length && r.comms[n].recorded <= day) n++;
      ptr[r.key] = n;
      const closed = r.closeDay !== null && r.closeDay <= day;
      const status = closed ? r.closedStatus : 'Active';
      const eff = day >= r.effective ? r.effective : r.initial;
      const key = `${status}|${n}|${eff}`;
      let f = cache.get(r.key);
      if (!f || f.key !== key) { f = deflatePiece(renderRow(r, status, n, eff), key, false); cache.set(r.key, f); }
      files[closed ? 'closed' : 'active'].push(f);
      comms += n;
    }
    const dir = `${outDir}/lobbyist-registry/snapshots/${isoOf(day)}`;
    writeZip(`${dir}/lobbyactivity.zip`, day, [['lobbyactivity-active.xml', files.active], ['lobbyactivity-closed.xml', files.closed]]);
    stats.snapshots++;
    stats.lastActive = files.active.length; stats.lastClosed = files.closed.length; stats.lastCommunications = comms;
    if (stats.snapshots % 50 === 0 || day === days[days.length - 1]) log(`  snapshot ${isoOf(day)} (${stats.snapshots}/${days.length}): ${files.active.length} active, ${files.closed.length} closed, ${comms} communications`);
  }
  return stats;
}

function writeZip(path: string, day: number, entries: [string, Frag[]][]): void {
  const out = new Out(path);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => { if (err) throw err; chunks.push(chunk); });
  const iso = isoOf(day);
  // Local-time components, so the DOS timestamp reads the snapshot date whatever the machine's zone.
  const mtime = new Date(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10), 6, 0, 0);
  for (const [name, frags] of entries) {
    const pieces = [HEAD, ...frags, TAIL];
    let crc = 0, size = 0;
    for (const p of pieces) { crc = size === 0 ? p.crc : crc32Combine(crc, p.crc, p.len); size += p.len; }
    const file: ZipInputFile = { filename: name, size, crc, compression: 8, mtime } as ZipInputFile;
    zip.add(file);
    pieces.forEach((p, i) => file.ondata!(null, p.data, i === pieces.length - 1));
  }
  zip.end();
  out.bytes(Buffer.concat(chunks));
  out.close();
}
