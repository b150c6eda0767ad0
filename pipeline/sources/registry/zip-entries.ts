// Reads the entries of a plain ZIP (the City's lobbyactivity.zip) with Node's native inflate, which runs off the
// main thread and several times faster than fflate's JavaScript inflate. Only a ZIP whose entries tile the file from
// its first byte to the central directory is taken; anything else (ZIP64, encryption, a gap or overlap, a damaged
// deflate stream) is declined, and the caller reads the file with the streaming reader, which reports the damage.
import zlib from 'node:zlib';

export interface ZipEntry {
  /** The entry's name as stored (ASCII only; a name in another encoding is declined). */
  name: string;
  method: 0 | 8;
  /** The compressed bytes (a view into the ZIP). */
  data: Buffer;
  size: number;
  crc: number;
}

/** Thrown when the ZIP or one of its entries is not plain; nothing read from it may be kept. */
export class ZipDeclined extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** The entries of a ZIP held in memory, in file order, or null when it is not a plain ZIP. */
export function listPlainZip(zip: Buffer): ZipEntry[] | null {
  const eocd = findEndRecord(zip);
  if (eocd < 0) return null;
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  // one disk, every count and offset within 32 bits (ZIP64 writes 0xFFFF…), central directory right before the end
  if (zip.readUInt16LE(eocd + 4) !== 0 || zip.readUInt16LE(eocd + 6) !== 0 || zip.readUInt16LE(eocd + 8) !== count) return null;
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize !== eocd) return null;
  const central: { flags: number; method: number; crc: number; csize: number; size: number; name: Buffer; offset: number }[] = [];
  for (let p = cdOffset, i = 0; i < count; i++) {
    if (p + 46 > eocd || zip.readUInt32LE(p) !== CENTRAL) return null;
    const nameLength = zip.readUInt16LE(p + 28);
    const end = p + 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    if (end > eocd) return null;
    central.push({
      flags: zip.readUInt16LE(p + 8), method: zip.readUInt16LE(p + 10), crc: zip.readUInt32LE(p + 16),
      csize: zip.readUInt32LE(p + 20), size: zip.readUInt32LE(p + 24), name: zip.subarray(p + 46, p + 46 + nameLength),
      offset: zip.readUInt32LE(p + 42),
    });
    p = end;
  }
  central.sort((a, b) => a.offset - b.offset);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (const c of central) {
    // encrypted (bit 0) or an unknown method: not ours; a name that is not plain ASCII could decode differently
    if (c.flags & 1 || (c.method !== 0 && c.method !== 8) || c.name.some((b) => b >= 0x80)) return null;
    if (c.offset !== at || at + 30 > cdOffset || zip.readUInt32LE(at) !== LOCAL) return null;
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    if (!zip.subarray(at + 30, at + 30 + nameLength).equals(c.name)) return null;
    // without a data descriptor the local header carries the sizes, and they must agree with the directory
    if (!(c.flags & 8) && (zip.readUInt32LE(at + 18) !== c.csize || zip.readUInt32LE(at + 22) !== c.size)) return null;
    let end = start + c.csize;
    if (end > cdOffset) return null;
    if (c.flags & 8) end += end + 4 <= cdOffset && zip.readUInt32LE(end) === DESCRIPTOR ? 16 : 12;
    if (end > cdOffset) return null;
    entries.push({ name: c.name.toString('latin1'), method: c.method as 0 | 8, data: zip.subarray(start, start + c.csize), size: c.size, crc: c.crc });
    at = end;
  }
  return at === cdOffset ? entries : null;
}

/** Stream one entry's uncompressed bytes to `write`; throws ZipDeclined when the entry is not what the directory says. */
export async function inflateEntry(entry: ZipEntry, write: (chunk: Uint8Array) => void): Promise<void> {
  let size = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    crc = zlib.crc32(chunk, crc);
    write(chunk);
  };
  if (entry.method === 0) take(entry.data);
  else {
    const inflate = zlib.createInflateRaw({ chunkSize: 1 << 20 });
    inflate.end(entry.data);
    try {
      for await (const chunk of inflate) take(chunk as Buffer);
    } catch (err) {
      throw new ZipDeclined(`inflate: ${(err as Error).message}`);
    }
  }
  if (size !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw new ZipDeclined('entry size or CRC differs from the directory');
}

function findEndRecord(zip: Buffer): number {
  // the end record is 22 bytes plus a comment of up to 65535 that must reach the end of the file exactly
  for (let p = zip.length - 22; p >= Math.max(0, zip.length - 22 - 0xffff); p--) {
    if (zip.readUInt32LE(p) === EOCD && p + 22 + zip.readUInt16LE(p + 20) === zip.length) return p;
  }
  return -1;
}
