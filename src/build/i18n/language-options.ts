/**
 * Where each language takes a shopper from this page, for the header's language chooser and
 * the language dialog: the same page in that language when it has one (its alternate), else
 * that language's home.
 */
import type { LanguageOption } from '../../islands/header/LanguageChooser.tsx';
import { localizedPath } from '../../lib/cms/pages.ts';
import { LANGUAGES } from '../../lib/i18n/languages.ts';
import type { RouteEntry } from '../routing/route-table.ts';

export function languageOptions(route: Pick<RouteEntry, 'alternates'>): LanguageOption[] {
  return LANGUAGES.map((l) => {
    const alt = route.alternates.find((a) => a.hreflang === l.code);
    return { code: l.code, label: l.label, href: alt ? new URL(alt.href).pathname : localizedPath(l, '/'), samePage: alt !== undefined };
  });
}
