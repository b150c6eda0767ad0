// Development domain models (applications, Committee of Adjustment, address points, wards, sites), per layer.
import type { DomainModels } from './manifest.ts';

export const developmentModels: DomainModels = {
  staging: [],
  core: [],
  api: [],
  quality: [],
};
