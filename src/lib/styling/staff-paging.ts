/**
 * Staff styling comes from the CMS in pages (total_result_count, result_count, page,
 * content_list), like the mobile app's list. The build wants every look, so the pull reads the
 * first page, fetches the rest it announces, and joins them here, refusing pages that
 * disagree with each other (a look added between two page fetches would otherwise be lost or
 * shown twice).
 */
import { CodedError } from '../errors.ts';

export interface StaffStylingPage<L> {
  total_result_count: number;
  result_count: number;
  page: number;
  content_list: L[];
}

/** How many pages the first page announces: every page but the last is as full as the first. */
export function staffPageCount(first: Pick<StaffStylingPage<unknown>, 'total_result_count' | 'result_count'>): number {
  if (first.total_result_count === 0) return 1;
  if (first.result_count === 0) return 1;
  return Math.ceil(first.total_result_count / first.result_count);
}

export class StaffPagingError extends CodedError {
  /** The page at fault (1-based). */
  readonly page: number;

  constructor(page: number, message: string) {
    super('STAFF_STYLING_PAGING', message);
    this.page = page;
  }
}

/** Every look of the pages, in order; throws StaffPagingError naming the page that does not fit. */
export function joinStaffPages<L extends { styleId: string }>(pages: ReadonlyArray<StaffStylingPage<L>>): L[] {
  const first = pages[0];
  if (!first) throw new StaffPagingError(1, 'no page');
  const count = staffPageCount(first);
  if (pages.length !== count) throw new StaffPagingError(pages.length, `${pages.length} pages for ${count} announced`);
  const looks: L[] = [];
  pages.forEach((page, i) => {
    const number = i + 1;
    if (page.page !== number) throw new StaffPagingError(number, `page says it is page ${page.page}`);
    if (page.total_result_count !== first.total_result_count)
      throw new StaffPagingError(number, `total_result_count ${page.total_result_count} where page 1 says ${first.total_result_count}`);
    const expected = number < count ? first.result_count : first.total_result_count - first.result_count * (count - 1);
    if (page.result_count !== expected || page.content_list.length !== expected)
      throw new StaffPagingError(
        number,
        `${page.content_list.length} looks (result_count ${page.result_count}) where ${expected} were due`,
      );
    for (const look of page.content_list) {
      if (looks.some((l) => l.styleId === look.styleId))
        throw new StaffPagingError(number, `look id "${look.styleId}" is on an earlier page too`);
      looks.push(look);
    }
  });
  return looks;
}
