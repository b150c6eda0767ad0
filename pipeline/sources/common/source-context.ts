// What every source adapter is handed: the warehouse, the raw folder, the run's log and its quarantine.
import type { Warehouse } from '../../db/warehouse.ts';
import type { Quarantine } from './quarantine.ts';
import type { SourceReuse } from './source-reuse.ts';

export interface SourceContext {
  wh: Warehouse;
  rawDir: string;
  log: (msg: string) => void;
  quarantine: Quarantine;
  /** Last night's loads of unchanged files (the CSV loader copies them instead of parsing); absent in tests. */
  reuse?: SourceReuse;
}
