// Procurement and contributions domain models (contracts, solicitations, groups, campaigns), per layer.
import type { DomainModels } from './manifest.ts';

export const procurementModels: DomainModels = {
  staging: [],
  core: [],
  api: [],
  quality: [],
};
