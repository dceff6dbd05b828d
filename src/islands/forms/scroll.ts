/**
 * Brings a failing field group into view below the sticky header: the header's measured height
 * (it changes with the ticker and the live banner), or the default when a page has none.
 */
import { DEFAULT_PAGE_HEADER_HEIGHT_PX } from '../../lib/constants.ts';

/** Breathing room between the header and the group's label. */
const GAP_PX = 12;

export function headerHeight(): number {
  const header = document.querySelector('.site-header');
  const height = header?.getBoundingClientRect().height;
  return height && height > 0 ? height : DEFAULT_PAGE_HEADER_HEIGHT_PX;
}

/** Scrolls the group to just below the header and focuses its field (or its first control). */
export function scrollToGroup(form: HTMLFormElement | null, group: string, field: string | null): void {
  if (!form) return;
  const box = form.querySelector<HTMLElement>(`[data-group="${CSS.escape(group)}"]`);
  if (!box) return;
  const control =
    (field ? form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) : null) ??
    box.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button');
  control?.focus({ preventScroll: true });
  window.scrollTo({ top: box.getBoundingClientRect().top + window.scrollY - headerHeight() - GAP_PX, behavior: 'instant' });
}
