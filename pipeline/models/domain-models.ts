// The shape of one domain's model lists (manifest-development.ts, manifest-procurement.ts), which manifest.ts
// appends layer by layer; its own module so the domain lists import nothing of the manifest that imports them.

/** Models of one domain, per layer, appended after the entity models of that layer. */
export interface DomainModels {
  staging: readonly string[];
  core: readonly string[];
  /** Models that apply the published links to the domain's records, after the shared link models. */
  links?: readonly string[];
  api: readonly string[];
  quality: readonly string[];
}
