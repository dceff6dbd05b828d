/**
 * The search box and its panel. Focus opens the panel (and loads the
 * hot words once). With nothing typed it shows quick links, hot words and recent searches;
 * with text typed, only the suggestions, the typed text marked. Enter searches (a blank word
 * does nothing); so does a click on any word.
 *
 * The box is a GET form to the search page, so Enter works before hydration too; once
 * hydrated, the specified search words are honoured. The panel's body renders only after a
 * focus, so the server's markup (no history, no words) always matches the first client render.
 * On the search page the box holds the word searched for from the first paint (an inline
 * script of that page, box-word-script.ts), and the island takes it as the box's text.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useGenderNav, useOpenLayer } from '../header/use-header-layer.ts';
import type { Translate } from '../../lib/i18n/translator.ts';
import { SEARCH_BOX_HEIGHT_PX } from '../../lib/constants.ts';
import { splitHighlight } from '../../lib/search/highlight.ts';
import type { SpecifiedSearchWords } from '../../lib/search/target.ts';
import { $serviceTip, closeLayer, genderNavBack, openLayer } from '../../stores/header.ts';
import {
  $hotWords,
  $searchHistory,
  $suggestionState,
  clearSearchHistory,
  openSearchPanel,
  removeSearchWord,
  searchFor,
  typeWord,
} from '../../stores/search.ts';
import { useTranslator, type IslandProps } from '../use-translator.ts';

export interface SearchQuickLinks {
  storeList: string;
  faq: string;
  chat: string;
}

export interface SearchPanelProps extends IslandProps {
  /** The CMS's specified search words of the page's language: a listed word goes to its PC link. */
  specifiedWords: SpecifiedSearchWords;
  /** switch config associativeSearchSwitch: Y requests suggestions while typing. */
  associativeSearch: 'Y' | 'N';
  /** switch config customerServiceSwitch: N hides the chat link. */
  customerService: 'Y' | 'N';
  quickLinks: SearchQuickLinks;
  /**
   * Home: the navigation is part of the page from the start, so the customer-service tip comes
   * with the page, timed by CSS (500 ms to 8500 ms after it appears), not by this island, which
   * waits for a touch of the header.
   */
  isHome: boolean;
}

export default function SearchPanel({
  languageCode,
  prefix,
  messages,
  specifiedWords,
  associativeSearch,
  customerService,
  quickLinks,
  isHome,
}: SearchPanelProps) {
  const t = useTranslator(languageCode, messages);
  const [typed, setTyped] = useState('');
  // One header layer at a time: opening the search closes the mini cart or the category layer.
  const open = useOpenLayer() === 'search';
  const setOpen = (value: boolean) => (value ? openLayer('search') : closeLayer('search'));
  const genderNav = useGenderNav();
  const serviceTip = useStore($serviceTip);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const recent = useStore($searchHistory);
  const hotWords = useStore($hotWords);
  const suggestions = useStore($suggestionState);

  useEffect(() => {
    // The box is uncontrolled, like the store's other forms: its text from before hydration
    // (the search page's word, or what was typed) stays and counts, and a focus opens the panel.
    setTyped(input.current?.value ?? '');
    if (input.current && document.activeElement === input.current) openPanel();
    // Once, at hydration: what was focused or typed before it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!open) return;
    // A press anywhere outside (not a blur: a click on the panel's own text must keep it open) or Escape closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function openPanel() {
    setOpen(true);
    openSearchPanel(input.current?.value ?? '', { associativeSearch });
  }

  function search(word: string) {
    if (!searchFor(word, specifiedWords)) return;
    // The box shows the word searched for until the next page comes.
    if (input.current) input.current.value = word.trim();
    setTyped(word.trim());
    setOpen(false);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    search(input.current?.value ?? typed);
  }

  function onType(value: string) {
    setTyped(value);
    // Only typing opens the panel and asks for suggestions: React replays a change event at
    // hydration for text put in before it (the search page's word), and a pointer passing by
    // may be what hydrates the island; the focus comes with the typing, not with the replay.
    if (document.activeElement !== input.current) return;
    // Typing after an Escape reopens the panel; emptying the box (an input event with '') does not.
    if (value) setOpen(true);
    typeWord(value, { associativeSearch });
  }

  // Typed text without suggestions shows no panel at all (not an empty frame under the box).
  const showBody = open && (!typed.trim() || suggestions.items.length > 0);

  return (
    <div className="search-panel" ref={root} data-open={open ? '' : undefined}>
      <form className="search-panel__form" role="search" method="get" action={`${prefix}/search.html`} onSubmit={onSubmit}>
        {(open || genderNav !== 'closed') && (
          <button className="search-panel__back" type="button" aria-label={t('search.back')} onClick={genderNavBack}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        )}
        <input
          className="search-panel__input"
          // A text box: the combobox role (the suggestions it controls) is not allowed on type="search" in valid
          // HTML; inputMode and enterKeyHint still give phones the search keyboard and key.
          type="text"
          inputMode="search"
          name="description"
          ref={input}
          defaultValue=""
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showBody}
          aria-controls={panelId}
          autoComplete="off"
          enterKeyHint="search"
          style={{ height: SEARCH_BOX_HEIGHT_PX }}
          onFocus={openPanel}
          onChange={(event) => onType(event.target.value)}
        />
        <button className="search-panel__submit" type="submit" aria-label={t('search.submit')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      {/* The tip points at the chat, so it needs one; while the panel is open its quick link does the same job. */}
      {customerService === 'Y' && quickLinks.chat && (isHome || (serviceTip && !open)) && (
        <a className={isHome ? 'service-tip service-tip--on-arrival' : 'service-tip'} aria-live="polite" href={quickLinks.chat}>
          {t('search.serviceTip')}
        </a>
      )}
      <div className="search-panel__body" id={panelId} hidden={!showBody}>
        {showBody && (
          <SearchPanelBody
            t={t}
            typed={typed}
            suggestions={suggestions.items}
            hotWords={hotWords}
            recent={recent}
            showChat={customerService === 'Y'}
            quickLinks={quickLinks}
            onSearch={search}
            onRemove={removeSearchWord}
            onClear={clearSearchHistory}
          />
        )}
      </div>
    </div>
  );
}

export interface SearchPanelBodyProps {
  t: Translate;
  typed: string;
  suggestions: readonly string[];
  hotWords: readonly string[];
  /** The recent searches, newest first. */
  recent: readonly string[];
  showChat: boolean;
  quickLinks: SearchQuickLinks;
  onSearch: (word: string) => void;
  onRemove: (word: string) => void;
  onClear: () => void;
}

/** What the open panel shows; apart from the island so it can be rendered on its own in tests. */
export function SearchPanelBody({
  t,
  typed,
  suggestions,
  hotWords,
  recent,
  showChat,
  quickLinks,
  onSearch,
  onRemove,
  onClear,
}: SearchPanelBodyProps) {
  if (typed.trim()) {
    if (suggestions.length === 0) return null;
    return (
      <ul className="search-panel__suggestions" aria-label={t('search.suggestions')}>
        {suggestions.map((item) => (
          <li key={item}>
            <button className="search-panel__suggestion" type="button" onClick={() => onSearch(item)}>
              {splitHighlight(item, typed).map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : segment.text))}
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <nav className="search-panel__quick-links" aria-label={t('search.quickLinks')}>
        {/* A link without a configured address is left out rather than sent to not-found. */}
        {quickLinks.storeList && (
          <a className="search-panel__quick-link" href={quickLinks.storeList}>
            {t('search.storeList')}
          </a>
        )}
        {quickLinks.faq && (
          <a className="search-panel__quick-link" href={quickLinks.faq}>
            {t('search.faq')}
          </a>
        )}
        {showChat && quickLinks.chat && (
          <a className="search-panel__quick-link" href={quickLinks.chat}>
            {t('search.chat')}
          </a>
        )}
      </nav>
      {hotWords.length > 0 && (
        <section className="search-panel__section search-panel__hot">
          <h2 className="search-panel__heading">{t('search.hotWords')}</h2>
          <ul className="search-panel__words">
            {hotWords.map((word) => (
              <li key={word}>
                <button className="search-panel__word" type="button" onClick={() => onSearch(word)}>
                  {word}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {recent.length > 0 && (
        <section className="search-panel__section search-panel__recent">
          <div className="search-panel__section-head">
            <h2 className="search-panel__heading">{t('search.recent')}</h2>
            <button className="search-panel__clear" type="button" onClick={onClear}>
              {t('search.clearRecent')}
            </button>
          </div>
          <ul className="search-panel__words">
            {recent.map((word) => (
              <li key={word} className="search-panel__recent-item">
                <button className="search-panel__word" type="button" onClick={() => onSearch(word)}>
                  {word}
                </button>
                <button
                  className="search-panel__remove"
                  type="button"
                  aria-label={t('search.removeWord', { word })}
                  onClick={() => onRemove(word)}
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                    <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
