// What the id-only pass learned from each registry record, keyed by a hash of the record's UTF-8 bytes: a daily
// snapshot repeats almost every record of the day before unchanged, so only the records that changed are parsed again.
import { hash } from 'node:crypto';
import type { KnownRecord, Sighted, Sighting } from './types.ts';

/**
 * Two generations, like a two-map LRU: a record seen in this snapshot or the one before is remembered; one unseen
 * for two snapshots in a row (its registration changed since) is dropped, so memory stays at about two snapshots.
 */
export class RecordCache {
  #current = new Map<string, KnownRecord>();
  #previous = new Map<string, KnownRecord>();
  #sightings = new Map<string, Sighting>();
  hits = 0;
  misses = 0;

  /**
   * The one object per communication that every record mentioning it shares, so a pass over many snapshots moves
   * its sighting dates in place instead of looking it up again for each snapshot. Dates start empty.
   */
  intern(s: Sighted): Sighting {
    let known = this.#sightings.get(s.communication_id);
    if (!known) this.#sightings.set(s.communication_id, (known = { ...s, first_seen_date: '', last_seen_date: '' }));
    return known;
  }

  /** Every communication interned so far. */
  sightings(): Sighting[] {
    return [...this.#sightings.values()];
  }

  /**
   * What a record with exactly these bytes taught before, if it was parsed cleanly. Bytes that are not valid UTF-8
   * never match: the text a record was remembered by re-encodes to valid UTF-8 only.
   */
  get(bytes: Uint8Array): KnownRecord | undefined {
    const key = digest(bytes);
    let known = this.#current.get(key);
    if (!known) {
      known = this.#previous.get(key);
      if (known) this.#current.set(key, known);
    }
    if (known) this.hits++;
    else this.misses++;
    return known;
  }

  /** Remember a record that parsed cleanly (its outcome depends on its text alone), by its text's UTF-8 bytes. */
  set(text: string, known: KnownRecord): void {
    this.#current.set(digest(text), known);
  }

  /** Called between snapshots: forget what neither this snapshot nor the one before contained. */
  nextSnapshot(): void {
    this.#previous = this.#current;
    this.#current = new Map();
  }
}

// SHA-1 over UTF-8 bytes (a string is encoded first; decoded registry text holds no lone surrogates, so the encoding
// is the bytes it was decoded from whenever those were valid UTF-8).
const digest = (data: string | Uint8Array) => hash('sha1', data as string, 'base64');
