// What every source adapter is handed: the warehouse, the raw folder, the run's log and its quarantine.
import type { Warehouse } from '../../db/warehouse.ts';
import type { Quarantine } from './quarantine.ts';

export interface SourceContext {
  wh: Warehouse;
  rawDir: string;
  log: (msg: string) => void;
  quarantine: Quarantine;
}
