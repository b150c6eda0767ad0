// The sample registry's organisation shape, shared by the organisation factory, its decoys and everything that plants
// records about organisations; its own module so the factory and the decoys read it without importing each other.

export type OrgKind = 'developer' | 'company' | 'association' | 'nonprofit' | 'firm';

export interface Org {
  id: string; kind: OrgKind; canonical: string; tradeName: string | null; abbrev: string | null; numbered: string | null;
  /** The organisation this one was planted to look like, and how (decoys.ts). */
  decoyOf: string | null; decoyStyle?: string;
  address: { line1: string; line2: string; city: string; postal: string; phone: string };
  /** Every name actually written into the files, with the kind of variation. */
  used: Map<string, string>;
}
