/**
 * When the API cannot save: its database has a size cap (COMMERCE_DB_MAX_MB, SQLite's
 * max_page_count), so it fills up as a disk would, before the disk itself does; and a write that
 * fails for want of room (SQLITE_FULL, ENOSPC) or on a failing disk (SQLITE_IOERR) is told apart
 * from a fault of ours, so the shopper reads that nothing was saved and why, and reads go on.
 */
import type { DatabaseSync } from 'node:sqlite';
import { ApiFailure } from './api-failure.ts';

/**
 * Caps the database at `megabytes`, never below the pages it holds already (SQLite keeps those):
 * a database over its cap takes no write that needs a page more. The cap holds for this
 * connection, so it is set each time the database is opened.
 */
export function capDatabaseSize(db: DatabaseSync, megabytes: number): { maxPages: number; pages: number } {
  const { pageSize } = db.prepare('SELECT page_size AS pageSize FROM pragma_page_size').get() as { pageSize: number };
  const wanted = Math.max(1, Math.floor((megabytes * 1024 * 1024) / pageSize));
  // A pragma's value cannot be bound as a parameter; `wanted` is a whole number.
  const { max_page_count: maxPages } = db.prepare(`PRAGMA max_page_count = ${wanted}`).get() as { max_page_count: number };
  const { pages } = db.prepare('SELECT page_count AS pages FROM pragma_page_count').get() as { pages: number };
  return { maxPages, pages };
}

/** SQLite's primary result codes (node:sqlite's errcode is the extended one; its low byte is the primary). */
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;

/** A write that failed for want of room or on a failing disk, as the failure to answer; null for any other error. */
export function storageFailureOf(error: unknown): ApiFailure | null {
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  const primary = code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode & 0xff : null;
  if (primary === SQLITE_FULL || code === 'ENOSPC')
    return new ApiFailure('STORAGE_FULL', "The store's storage is full: nothing was saved. Try again later", 507);
  if (primary === SQLITE_IOERR || code === 'EIO')
    return new ApiFailure('STORAGE_UNAVAILABLE', 'The store could not write to its storage: nothing was saved. Try again later', 503);
  return null;
}
