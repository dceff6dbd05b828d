/** What the browser tests know of the sample content: read from the pulled cache, never guessed. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  productCornerSchema,
  cmsConfigSchema,
  languageConfigSchema,
  pageDocumentSchema,
  pressIndexSchema,
  pressReleaseSchema,
  shopsSchema,
  switchConfigSchema,
  type PageConfig,
} from '../../src/lib/cms/schema.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { cachePathOf } from '../../src/node/cms/pull.ts';
import type { LanguageDefinition } from '../../src/lib/i18n/languages.ts';

const cacheDir = process.env.CONTENT_CACHE_DIR ?? 'content-cache';

export function cmsConfig(language: LanguageDefinition) {
  return cmsConfigSchema.parse(JSON.parse(readFileSync(join(cacheDir, language.cmsCode, 'config.json'), 'utf8')));
}

export function pageDocument(language: LanguageDefinition, page: PageConfig) {
  const file = join(cacheDir, cachePathOf(cmsEndpoints.page(language.cmsCode, page.path)));
  return pageDocumentSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function pageWhere(language: LanguageDefinition, test: (page: PageConfig) => boolean): PageConfig {
  const page = cmsConfig(language).pages.find(test);
  if (!page) throw new Error(`The sample content of ${language.code} has no page matching ${test.toString()}`);
  return page;
}

export function switchConfig() {
  return switchConfigSchema.parse(JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.switchConfig())), 'utf8')));
}

export function productCorner(language: LanguageDefinition) {
  return productCornerSchema.parse(
    JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.shared(language.cmsCode, 'product-corner'))), 'utf8')),
  );
}

export function languageConfig(language: LanguageDefinition) {
  return languageConfigSchema.parse(
    JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.shared(language.cmsCode, 'language-config'))), 'utf8')),
  );
}

/** The language's press releases as the build saw them (summaries), any order. */
export function pressIndex(language: LanguageDefinition) {
  return pressIndexSchema.parse(JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.pressIndex(language.cmsCode))), 'utf8')))
    .releases;
}

export function pressRelease(language: LanguageDefinition, id: string) {
  return pressReleaseSchema.parse(
    JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.pressRelease(language.cmsCode, id))), 'utf8')),
  );
}

export function shops(language: LanguageDefinition) {
  return shopsSchema.parse(JSON.parse(readFileSync(join(cacheDir, cachePathOf(cmsEndpoints.shops(language.cmsCode))), 'utf8'))).shops;
}
