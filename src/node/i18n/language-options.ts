/**
 * Where each language takes a shopper from this page, for the header's language chooser and
 * the language dialog: the same page in that language when it has one (its alternate), else
 * that language's home; and what the chooser tells a member with a cart about another region.
 */
import type { LanguageOption } from '../../islands/header/LanguageChooser.tsx';
import type { RegionSwitch } from '../../islands/account/MemberLanguageSwitch.tsx';
import type { Translate } from '../../lib/i18n/translator.ts';
import { REGION_CURRENCIES, REGIONS, type Region } from '../../lib/i18n/regions.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import { LANGUAGES } from '../../lib/i18n/languages.ts';
import type { RouteEntry } from '../routing/route-entry.ts';

/** What the language chooser tells a member with a cart who picks a language of another region. */
export function regionSwitch(t: Translate, pageRegion: Region): RegionSwitch {
  const bodies = Object.fromEntries(
    REGIONS.filter((r) => r !== pageRegion).map((r) => [
      r,
      t('header.regionSwitch.body', { region: t(`account.regions.${r}`), unit: REGION_CURRENCIES[r].unit }),
    ]),
  );
  return {
    title: t('header.regionSwitch.title'),
    go: t('header.regionSwitch.go'),
    stay: t('header.regionSwitch.stay'),
    close: t('common.close'),
    bodies,
  };
}

export function languageOptions(route: Pick<RouteEntry, 'alternates'>): LanguageOption[] {
  return LANGUAGES.map((l) => {
    const alt = route.alternates.find((a) => a.hreflang === l.code);
    return {
      code: l.code,
      label: l.label,
      href: alt ? new URL(alt.href).pathname : localizedPath(l, '/'),
      samePage: alt !== undefined,
      region: l.region,
    };
  });
}
