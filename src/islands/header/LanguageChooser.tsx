/**
 * The language chooser: a click on the current language is ignored; for a
 * signed-in member the choice is POSTed as their preference, and the switch proceeds
 * whatever the answer. Before hydration the links work on their own.
 *
 * An unknown address never comes from a switch: a page missing in the other language sends
 * the shopper to that language's home instead (the one case where a link of ours
 * must not end on the not-found page).
 *
 * A member with items in the cart who picks a language of another region is told first what
 * happens to the cart there (account/MemberLanguageSwitch.tsx): it keeps its items, priced in that region's
 * currency, with that region's checkout.
 *
 * Back button: each page records its language for the session; a page restored from the
 * back-forward cache whose language is no longer the recorded one reloads, so the shopper
 * never sees a stale mix of languages.
 */
import type { MouseEvent } from 'react';
import type { Region } from '../../lib/i18n/regions.ts';
import { currentLocation, getPlatform } from '../../stores/platform.ts';
import { $member } from '../../stores/session.ts';
import type { RegionSwitch } from '../account/MemberLanguageSwitch.tsx';

export interface LanguageOption {
  code: string;
  label: string;
  href: string;
  /** True when href is this page in that language (not its home): the query and hash go along. */
  samePage: boolean;
  region: Region;
}

export default function LanguageChooser({
  options,
  currentCode,
  label,
  regionSwitch,
}: {
  options: LanguageOption[];
  currentCode: string;
  label: string;
  /** Absent where the chooser never hydrates (the static header). */
  regionSwitch?: RegionSwitch;
}) {
  const current = options.find((o) => o.code === currentCode);
  // The back button across languages is the page's own (lib/i18n/language-return.ts, inline in every page).

  async function choose(event: MouseEvent<HTMLAnchorElement>, option: LanguageOption) {
    event.preventDefault();
    // A member's switch comes only for a member: a visitor has no cart to warn about and no preference to save.
    if (
      $member.get() &&
      !(await (
        await import('../account/MemberLanguageSwitch.tsx')
      ).beforeMemberSwitch(option.code, option.region, current?.region, regionSwitch))
    )
      return;
    // The same page keeps what the shopper is looking at (?productCode=…, #section).
    const { search, hash } = currentLocation();
    getPlatform().navigate(option.samePage ? `${option.href}${search}${hash}` : option.href);
  }

  return (
    <details className="language-menu">
      {/* Named by what it shows, after a hidden "Language:", so voice users can say what they see. */}
      <summary>
        <span className="visually-hidden">{label}: </span>
        {current?.label}
      </summary>
      <ul>
        {options.map((option) => (
          <li key={option.code}>
            {option.code === currentCode ? (
              <span aria-current="true" lang={option.code}>
                {option.label}
              </span>
            ) : (
              <a href={option.href} hrefLang={option.code} lang={option.code} onClick={(event) => void choose(event, option)}>
                {option.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
