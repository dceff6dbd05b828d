/**
 * What the host rules of every host share (each host's own rules are in ./hosts/): the input
 * the build gives them, the fixed redirects, the caching policy and the not-found copies.
 * Each host module turns them into the files that host reads; scripts/host-rules.ts writes
 * them next to a fresh build, from the same rules the local server applies (static-rules.ts,
 * mobile-redirect.ts).
 */
import type { LanguageDefinition } from '../i18n/languages.ts';
import type { MobilePagesBySegment } from './mobile-redirect.ts';
import { NOT_FOUND_PATH } from './static-rules.ts';
import { PATH_REDIRECTS } from './app-pages.ts';
import type { SecurityHeader } from '../security/content-security-policy.ts';

export interface HostRulesInput {
  languages: readonly LanguageDefinition[];
  /** Every page the build wrote, as URL paths ('/', '/en-gb/', '/c/W01.html', '/press/2026/'). */
  pagePaths: readonly string[];
  /** '' when there is no mobile site. */
  mobileSiteUrl: string;
  mobilePages: MobilePagesBySegment;
}

export const GENERATED = '# Generated at build time by scripts/host-rules.ts (src/lib/routing/host-rules.ts). Do not edit.';
/** Hashed build assets never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is asked for again each time (answered 304 while it has not changed). */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

export const prefixOf = (language: LanguageDefinition) => (language.pathSegment ? `/${language.pathSegment}` : '');

/** Every fixed redirect, in every language: the moved paths (PATH_REDIRECTS) and the folders written without their slash. */
export function fixedRedirects(input: Pick<HostRulesInput, 'languages' | 'pagePaths'>): Array<{ from: string; to: string; status: 301 }> {
  const rules: Array<{ from: string; to: string; status: 301 }> = [];
  for (const language of input.languages) {
    for (const [from, to] of Object.entries(PATH_REDIRECTS))
      rules.push({ from: `${prefixOf(language)}${from}`, to: `${prefixOf(language)}${to}`, status: 301 });
  }
  // Folders below a language home (the press list and its years): '/press/2026' → '/press/2026/'.
  const homes = new Set(['/', ...input.languages.map((l) => `${prefixOf(l)}/`)]);
  for (const path of input.pagePaths) {
    if (path.endsWith('/') && !homes.has(path)) rules.push({ from: path.slice(0, -1), to: path, status: 301 });
  }
  return rules;
}

/** The not-found page of each language, for the hosts' 404 convention: {folder}/404.html. */
export function notFoundCopies(languages: readonly LanguageDefinition[]): Array<{ from: string; to: string }> {
  return languages.map((l) => ({ from: `${prefixOf(l)}${NOT_FOUND_PATH}`.slice(1), to: `${prefixOf(l)}/404.html`.slice(1) }));
}

/** A file a host reads, relative to the release's root. */
export interface HostFile {
  path: string;
  content: string;
}

/** What each host module gives the build: its files for this release. */
export type HostFiles = (input: HostRulesInput, security: readonly SecurityHeader[]) => HostFile[];
