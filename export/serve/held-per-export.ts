// What is made from an opened export on first use and kept with it (an id index, a search index, labelled
// records): one promise per key, shared by the requests that ask meanwhile, let go with the export (a WeakMap), and
// not kept when it fails, so the next request tries again.
import type { OpenedExport } from './open-export.ts';

export type HeldPerExport<T> = WeakMap<OpenedExport, Map<string, Promise<T>>>;

/** A store for one kind of thing held per export. */
export function heldPerExport<T>(): HeldPerExport<T> {
  return new WeakMap();
}

/** The thing `store` holds for `opened` under `key`, made by `make` on first use. */
export function heldFor<T>(store: HeldPerExport<T>, opened: OpenedExport, key: string, make: () => Promise<T>): Promise<T> {
  let byKey = store.get(opened);
  if (!byKey) store.set(opened, byKey = new Map());
  let held = byKey.get(key);
  if (!held) {
    held = make();
    held.catch(() => byKey.delete(key));
    byKey.set(key, held);
  }
  return held;
}
