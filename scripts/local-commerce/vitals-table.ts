/**
 * The local collector's table of shoppers' Core Web Vitals (lib/analytics/vitals.ts): one row a
 * metric of a page view, the newest VITALS_KEEP_ROWS kept, as collector-limits.ts bounds the
 * other received lists. Its report goes to the publish service's /status.html through the
 * admin endpoint (routes/analytics.ts).
 */
import type { DatabaseSync } from 'node:sqlite';
import type { VitalReport } from '../../src/lib/analytics/vitals.ts';
import { DAY_MS, REPORT_DAYS, type KeptVital } from '../../src/lib/analytics/vitals-report.ts';

/** Rows kept: four small numbers a page view, so about 12,000 page views, a few MiB. */
export const VITALS_KEEP_ROWS = 50_000;

export function ensureVitalsTable(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS web_vitals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    value REAL NOT NULL,
    page_type TEXT NOT NULL,
    language TEXT NOT NULL,
    view TEXT NOT NULL,
    received_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS web_vitals_received ON web_vitals (received_at);`);
}

export function keepVital(db: DatabaseSync, vital: VitalReport, receivedAt: number): void {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO web_vitals (name, value, page_type, language, view, received_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(vital.name, vital.value, vital.pageType, vital.language, vital.view, receivedAt);
  db.prepare('DELETE FROM web_vitals WHERE id <= ?').run(BigInt(lastInsertRowid) - BigInt(VITALS_KEEP_ROWS));
}

/** The vitals the report's days cover (REPORT_DAYS UTC days up to `now`). */
export function keptVitals(db: DatabaseSync, now: number): KeptVital[] {
  const since = Math.floor(now / DAY_MS) * DAY_MS - (REPORT_DAYS - 1) * DAY_MS;
  return db
    .prepare(
      'SELECT name, value, page_type AS pageType, language, view, received_at AS receivedAt FROM web_vitals WHERE received_at >= ? ORDER BY id',
    )
    .all(since) as unknown as KeptVital[];
}
