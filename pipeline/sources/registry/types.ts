// The registry history's shared record shapes: what a snapshot parse sees, what the state keeps and what the record
// cache remembers. Their own module so the parser, the cache and the state read them without importing each other.

/** A communication as one snapshot lists it. */
export interface Sighted {
  communication_id: string;
  sm_number: string;
  communication_date: string | null;
}

/** A communication with the first and last snapshot dates it was listed in. */
export interface Sighting extends Sighted {
  first_seen_date: string;
  last_seen_date: string;
}

/** What the id-only pass learned from one top-level record whose bytes it may meet again. */
export interface KnownRecord {
  /** Registry records (SM elements) inside the top-level record. */
  records: number;
  sightings: Sighted[];
}
