/**
 * What a CMS document is, from its cache path ("zh_TW/pages/c/W01.json", "switch-config.json"):
 * the inverse of endpoints.ts. The publish webhook, the sample CMS's edit API and the
 * dependency tracking all speak cache paths, and each needs to know which schema a path
 * holds and which language it belongs to.
 */
import type { z } from 'zod';
import { cmsEndpoints } from './endpoints.ts';
import {
  SHARED_DOCUMENTS,
  pageDocumentSchema,
  pressIndexSchema,
  pressReleaseSchema,
  productPageSchema,
  officialStylingSchema,
  shopsSchema,
  staffStylingPageSchema,
  switchConfigSchema,
  type SharedDocumentName,
} from './schema.ts';

export type DocumentKind =
  | { kind: 'switch-config' }
  | { kind: 'shared'; language: string; name: SharedDocumentName }
  /** stem: the page path without its slash and .html ('c/W01'). */
  | { kind: 'page'; language: string; stem: string }
  | { kind: 'archived-page'; language: string; code: string; version: string }
  | { kind: 'product-page'; language: string; code: string }
  | { kind: 'press-index'; language: string }
  | { kind: 'press-release'; language: string; id: string }
  | { kind: 'shops'; language: string }
  | { kind: 'official-styling'; language: string }
  | { kind: 'staff-styling'; language: string; page: number };

const SWITCH_CONFIG_PATH = cmsEndpoints.switchConfig().replace(/^\/cms\//, '');
const SHARED_NAMES = new Set(Object.keys(SHARED_DOCUMENTS));

/**
 * A cache path is relative, ends in .json and has no segment that could leave the cache
 * folder (empty, dot-led, backslash, NUL). The language segment is a CMS langCode.
 */
export function isSafeCachePath(path: string): boolean {
  if (!path.endsWith('.json') || path.length > 500) return false;
  return path.split('/').every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\0]/.test(segment));
}

const LANGUAGE_SEGMENT = /^[a-z]{2,3}_[A-Z]{2}$/;

/** The kind of document at a cache path, or null for anything the CMS contract does not hold. */
export function documentKindOf(cachePath: string): DocumentKind | null {
  if (!isSafeCachePath(cachePath)) return null;
  if (cachePath === SWITCH_CONFIG_PATH) return { kind: 'switch-config' };
  const [language, ...rest] = cachePath.slice(0, -'.json'.length).split('/');
  if (!language || !LANGUAGE_SEGMENT.test(language) || rest.length === 0) return null;
  const [first, second, third] = rest;
  if (rest.length === 1) {
    if (first === 'shops') return { kind: 'shops', language };
    if (SHARED_NAMES.has(first!)) return { kind: 'shared', language, name: first as SharedDocumentName };
    return null;
  }
  if (first === 'pages') return { kind: 'page', language, stem: rest.slice(1).join('/') };
  if (first === 'press' && rest.length === 2) {
    if (second === 'index') return { kind: 'press-index', language };
    return /^[0-9]{1,12}$/.test(second!) ? { kind: 'press-release', language, id: second! } : null;
  }
  if (first === 'styling') {
    if (rest.length === 2 && second === 'official') return { kind: 'official-styling', language };
    if (rest.length === 3 && second === 'staff' && /^[1-9][0-9]{0,5}$/.test(third!))
      return { kind: 'staff-styling', language, page: Number(third) };
    return null;
  }
  if (first === 'product-pages' && rest.length === 2) return { kind: 'product-page', language, code: decodeURIComponent(second!) };
  if (first === 'archive' && rest.length === 3)
    return { kind: 'archived-page', language, code: decodeURIComponent(second!), version: decodeURIComponent(third!) };
  return null;
}

/** The language a document belongs to: its CMS langCode, or 'all' for global documents. */
export function documentLanguage(kind: DocumentKind): string {
  return kind.kind === 'switch-config' ? 'all' : kind.language;
}

/** The contract schema of a document kind. */
export function schemaOfKind(kind: DocumentKind): z.ZodType {
  switch (kind.kind) {
    case 'switch-config':
      return switchConfigSchema;
    case 'shared':
      return SHARED_DOCUMENTS[kind.name];
    case 'page':
    case 'archived-page':
      return pageDocumentSchema;
    case 'product-page':
      return productPageSchema;
    case 'press-index':
      return pressIndexSchema;
    case 'press-release':
      return pressReleaseSchema;
    case 'shops':
      return shopsSchema;
    case 'official-styling':
      return officialStylingSchema;
    case 'staff-styling':
      return staffStylingPageSchema;
  }
}
