// Holds the exports being served. The live one is the export `<siteRoot>/current` names, followed by its export id
// (the folder name), so a new export is picked up on the next poll or SIGHUP even when its date is the same. The
// last `keep` exports stay at hand: a cursor walk begun on an earlier export is answered from that export while its
// folder is kept (opened on demand after a restart), and with `cursor_expired` once it is pruned. A request takes
// one opened export and answers from it alone, so no answer mixes bytes of two exports.
import { readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../api/errors.ts';
import { cursorExport } from '../../api/query/cursor.ts';
import { EXPORT_ID_PATTERN } from '../layout.ts';
import type { OpenedExport, OpenExportOptions } from './open-export.ts';
import { ExportGoneError, openExport } from './open-export.ts';

export interface ExportHolder {
  /** The live export, or null when nothing is published (requests get 503). */
  current(): OpenedExport | null;
  /** The export that answers a list request with this cursor: the one the cursor was issued for while it is kept,
   *  else the live one (which then answers `cursor_expired`). */
  forCursor(cursor: string | null): Promise<OpenedExport | null>;
  /** Re-read `current`; open and swap in the export it names if that is another one. True when the export changed. */
  refresh(): Promise<boolean>;
  /** Re-check every `intervalMs` (timer unref'd so it never keeps the process alive). */
  startPolling(intervalMs: number): void;
  stop(): void;
}

export interface ExportHolderOptions extends OpenExportOptions {
  /** Exports kept at hand, the live one included (KEEP_EXPORTS; default 3). */
  keep?: number;
  /** An earlier export nobody asked for in this long is let go (reopened if a walk comes back); default 10 minutes. */
  idleMs?: number;
  clock?: () => number;
  /** Where problems while opening a new export are reported; the old export keeps serving. */
  log?: (message: string, error?: unknown) => void;
}

/** A holder over `<siteRoot>/current`; call refresh() once before serving. */
export function createExportHolder(siteRoot: string, options: ExportHolderOptions): ExportHolder {
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  const keep = Math.max(1, options.keep ?? 3);
  const idleMs = options.idleMs ?? 600_000;
  const clock = options.clock ?? Date.now;
  let live: OpenedExport | null = null;
  // Earlier exports by id, least recently used first (Map order), with their last use.
  const earlier = new Map<string, { opened: OpenedExport; used: number }>();
  const opening = new Map<string, Promise<OpenedExport | null>>();
  let pending: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | null = null;

  function retire(opened: OpenedExport): void {
    earlier.delete(opened.exportId);
    earlier.set(opened.exportId, { opened, used: clock() });
    trim();
  }

  function trim(): void {
    for (const [id, e] of earlier) if (clock() - e.used > idleMs) earlier.delete(id);
    while (earlier.size > keep - 1) earlier.delete(earlier.keys().next().value!);
  }

  async function check(): Promise<boolean> {
    trim();
    const named = await _resolveCurrent(siteRoot);
    // Nothing published (or `current` removed): keep whatever is being served.
    if (!named || named.id === live?.exportId) return false;
    try {
      const next = earlier.get(named.id)?.opened ?? (await openExport(named.dir, options));
      if (next.exportId !== named.id) throw new Error(`${named.dir} holds export ${next.exportId}, not ${named.id}`);
      earlier.delete(next.exportId);
      if (live) retire(live);
      live = next;
      return true;
    } catch (error) {
      log(`could not open export ${named.id} (${named.dir}); still serving ${live?.exportId ?? 'nothing'}`, error);
      return false;
    }
  }

  /** An earlier export by id: at hand, or opened from its folder while the publisher keeps it. */
  function earlierExport(id: string): Promise<OpenedExport | null> {
    const inFlight = opening.get(id);
    if (inFlight) return inFlight;
    const opened = (async () => {
      const dir = path.join(siteRoot, id);
      // Kept means kept by the publisher: once the folder is pruned, the walk is over even if the export is at hand.
      if (!(await _isDir(dir))) {
        earlier.delete(id);
        return null;
      }
      const known = earlier.get(id);
      if (known) {
        retire(known.opened);
        return known.opened;
      }
      const opened = await openExport(dir, options);
      if (opened.exportId !== id) throw new Error(`${dir} holds export ${opened.exportId}`);
      if (id === live?.exportId) return live; // became the live one meanwhile
      retire(opened);
      return opened;
    })().catch((error: unknown) => {
      log(`could not open the kept export ${id} for a cursor walk`, error);
      return null;
    }).finally(() => opening.delete(id));
    opening.set(id, opened);
    return opened;
  }

  return {
    current: () => live,
    async forCursor(cursor) {
      const id = cursor === null || live === null ? null : cursorExport(cursor, options.cursorSecret);
      // Only an authentic cursor names a folder, and only a folder shaped like an export id.
      if (id === null || id === live!.exportId || !EXPORT_ID_PATTERN.test(id)) return live;
      const opened = await earlierExport(id);
      return opened && opened !== live ? _walkingOn(opened) : live;
    },
    refresh() {
      // One check at a time: a SIGHUP during a poll joins the running check instead of opening the export twice.
      pending ??= check().finally(() => { pending = null; });
      return pending;
    },
    startPolling(intervalMs) {
      if (timer) clearInterval(timer);
      timer = setInterval(() => void this.refresh(), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** A fixed holder (tests, or a gateway pinned to one export). */
export function fixedExportHolder(opened: OpenedExport | null): ExportHolder {
  return { current: () => opened, forCursor: async () => opened, refresh: async () => false, startPolling() {}, stop() {} };
}

/** The export `current` names: the publisher points it at an export folder, named by its export id (build/publish.ts).
 *  Null when nothing is published; a folder that is not that export fails to open, and the holder reports it. */
async function _resolveCurrent(siteRoot: string): Promise<{ id: string; dir: string } | null> {
  let dir: string;
  try {
    dir = path.resolve(siteRoot, await readlink(path.join(siteRoot, 'current')));
  } catch {
    return null;
  }
  return { id: path.basename(dir), dir };
}

/** An earlier export serving a cursor walk: once its folder is pruned, the walk is told its cursor expired. */
function _walkingOn(opened: OpenedExport): OpenedExport {
  const expired = (error: unknown): never => {
    if (error instanceof ExportGoneError) {
      throw new ApiError(400, 'cursor_expired', 'Parameter "cursor" was issued for an earlier data export that is no longer kept; start again from the first page');
    }
    throw error;
  };
  return {
    ...opened,
    represent: (rel, encoding) => opened.represent(rel, encoding).catch(expired),
    read: (rel) => opened.read(rel).catch(expired),
  };
}

async function _isDir(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
