/**
 * What left the store for third parties while a test ran, as an operator reads it on the local
 * admin page (/api/_admin, this machine only): the analytics collector's posts, the tag manager's
 * hits and the risk checks, each list in the order it arrived.
 */
import type { Page } from '@playwright/test';

export interface AnalyticsPost {
  path: string;
  body: Record<string, string>;
}

interface Row {
  /** Each cell's text; a folded whole value (`<pre>`) is its cell's text alone. */
  cells: string[];
  /** Cells that say there is no value (in italics). */
  empty: boolean[];
}

/** The rows of the admin page's table `id`, read in a page of its own, oldest first. */
async function tableRows(page: Page, id: string): Promise<Row[]> {
  const admin = await page.context().newPage();
  try {
    await admin.goto('/api/_admin?last=1000');
    const rows = await admin.locator(`#${id} tbody tr`).evaluateAll((rows) =>
      (rows as HTMLTableRowElement[]).map((row) => ({
        cells: [...row.cells].map((cell) => (cell.querySelector('pre') ?? cell).textContent ?? ''),
        empty: [...row.cells].map((cell) => cell.firstElementChild?.tagName === 'I'),
      })),
    );
    return rows.reverse();
  } finally {
    await admin.close();
  }
}

export const analyticsPosts = async (page: Page): Promise<AnalyticsPost[]> =>
  (await tableRows(page, 'analytics')).map(({ cells }) => ({
    path: cells[1]!,
    body: JSON.parse(cells[6]!) as Record<string, string>,
  }));

export const tagHits = async (page: Page): Promise<Array<{ page: string; events: string[] }>> =>
  (await tableRows(page, 'tag-hits')).map(({ cells }) => ({ page: cells[1]!, events: JSON.parse(cells[2]!) as string[] }));

export const riskChecks = async (page: Page): Promise<Array<{ orderCode: string; blackbox: string | null }>> =>
  (await tableRows(page, 'risk-checks')).map(({ cells, empty }) => ({ orderCode: cells[1]!, blackbox: empty[2] ? null : cells[2]! }));
