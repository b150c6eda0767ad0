// Holds the export being served and swaps to a newly published one. A request takes the Site once at its start
// and keeps that object, so a swap never changes an answer half-way: in-flight requests finish on the old export
// and the old export is collected when the last of them lets go.
import type { Site, SiteOptions } from './site.ts';
import { NoSiteError, openSite } from './site.ts';
import { realpath } from 'node:fs/promises';
import path from 'node:path';

export interface SiteHolder {
  /** The export to answer from, or null when nothing is published (requests get 503). */
  current(): Site | null;
  /** Re-resolve `current`; open and swap in a new export if it moved. True when the export changed. */
  refresh(): Promise<boolean>;
  /** Re-check every `intervalMs` (timer unref'd so it never keeps the process alive). */
  startPolling(intervalMs: number): void;
  stop(): void;
}

export interface SiteHolderOptions extends SiteOptions {
  /** Where problems while opening a new export are reported; the old export keeps serving. */
  log?: (message: string, error?: unknown) => void;
}

/** A holder over `<siteRoot>/current`; call refresh() once before serving. */
export function createSiteHolder(siteRoot: string, options: SiteHolderOptions): SiteHolder {
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  let site: Site | null = null;
  let pending: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function check(): Promise<boolean> {
    let dir: string;
    try {
      dir = await realpath(path.join(siteRoot, 'current'));
    } catch {
      // Nothing published (or `current` removed): keep whatever is being served.
      return false;
    }
    if (site && site.dir === dir) return false;
    try {
      const next = await openSite(siteRoot, options);
      site = next;
      return true;
    } catch (error) {
      if (!(error instanceof NoSiteError)) log(`could not open export ${dir}; still serving the previous one`, error);
      return false;
    }
  }

  return {
    current: () => site,
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
export function fixedSiteHolder(site: Site | null): SiteHolder {
  return { current: () => site, refresh: async () => false, startPolling() {}, stop() {} };
}
