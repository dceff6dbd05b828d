import { describe, expect, it } from 'vitest';
import { CmsDocumentError } from '../../src/lib/cms/errors.ts';
import { miniPress } from '../fixtures/mini-cms.ts';
import {
  COMPONENT_TYPES,
  cmsConfigSchema,
  componentSchema,
  pageDocumentSchema,
  pressReleaseSchema,
  subscribeListSchema,
  switchConfigSchema,
} from '../../src/lib/cms/schema.ts';

const page = { code: 'home', path: '/index.html', tplt: 1, title: 'Home', updatedAt: 1 };

describe('CMS schemas', () => {
  it('refuses a subscribe list that is empty, names a category twice or has a value the save payload cannot carry', () => {
    const category = { value: 'NEW_ARRIVALS', label: 'New arrivals' };
    expect(subscribeListSchema.safeParse({ categories: [category] }).success).toBe(true);
    expect(subscribeListSchema.safeParse({ categories: [] }).success).toBe(false);
    const twice = subscribeListSchema.safeParse({ categories: [category, { ...category, label: 'Again' }] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['categories', 1, 'value'], message: 'duplicate category "NEW_ARRIVALS"' });
    expect(subscribeListSchema.safeParse({ categories: [{ value: 'new arrivals', label: 'x' }] }).success).toBe(false);
  });

  it('accepts a good config and fills documented defaults', () => {
    const config = cmsConfigSchema.parse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [page] });
    expect(config.titleSeparator).toBe(' | ');
    expect(config.pages[0]).toMatchObject({ superCode: null, homepage: 'N', accessCheck: 'N', archivedPage: null, startDate: null });
  });

  it('rejects a page path that is not a store .html path', () => {
    const result = cmsConfigSchema.safeParse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [{ ...page, path: 'women' }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['pages', 0, 'path']);
  });

  it('rejects a page path that would leave or fold its folder, or make a dot file: .., ., // and dot-led names', () => {
    const pathIssue = (path: string) =>
      cmsConfigSchema.safeParse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [{ ...page, path }] }).error?.issues[0];
    for (const path of ['/../evil.html', '/feature/../../evil.html', '/a//b.html', '/a/./b.html', '/.hidden.html', '/feature/.x.html'])
      expect(pathIssue(path), path).toMatchObject({
        path: ['pages', 0, 'path'],
        message: 'must have no empty segment, nor one that starts with a dot',
      });
    for (const path of ['/women.html', '/c/W01.html', '/feature/scale-500.html', '/_drafts/a.b.html', '/2026/11/post1.html'])
      expect(pathIssue(path), path).toBeUndefined();
  });

  it('rejects a parent (superCode) that names no page of the language', () => {
    const child = { ...page, code: 'W01', path: '/c/W01.html', tplt: 3, homepage: 'N' };
    const issues = (superCode: string) =>
      cmsConfigSchema.safeParse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [page, { ...child, superCode }] }).error?.issues;
    expect(issues('nope')).toEqual([
      expect.objectContaining({ path: ['pages', 1, 'superCode'], message: 'names no page of this language ("nope")' }),
    ]);
    expect(issues(page.code)).toBeUndefined();
  });

  it('rejects a date too late to be written as one (after 9999-12-31), where it broke the sitemap with no document named', () => {
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const dated = (changes: object) =>
      cmsConfigSchema.safeParse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [{ ...page, ...changes }] }).error?.issues[0];
    for (const field of ['updatedAt', 'startDate', 'endDate'])
      expect(dated({ [field]: 9e15 }), field).toMatchObject({
        path: ['pages', 0, field],
        message: 'must be a moment in ms no later than 9999-12-31',
      });
    expect(dated({ updatedAt: last, endDate: last })).toBeUndefined();
    // A press release's date is its address (/press/{year}/{month}/): it was /press/NaN/NaN/.
    const release = { ...miniPress()[0]!, body: [{ type: 'paragraph', text: 'x' }] };
    expect(pressReleaseSchema.safeParse({ ...release, publishedAt: 9e15 }).error?.issues[0]?.path).toEqual(['publishedAt']);
    expect(pressReleaseSchema.safeParse(release).success).toBe(true);
  });

  it('rejects duplicate page codes and paths', () => {
    const result = cmsConfigSchema.safeParse({ langCode: 'zh_TW', titleSuffix: 'LINEA', pages: [page, { ...page, title: 'Again' }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message).join()).toMatch(/duplicate code "home"/);
  });

  it('knows every component kind of the contract', () => {
    expect(COMPONENT_TYPES.sort()).toEqual([
      'autoCarousel',
      'bannerList',
      'carousel',
      'customContent',
      'productList',
      'smallPictureCarousel',
    ]);
  });

  it('rejects an unknown component kind and a banner without an image', () => {
    expect(componentSchema.safeParse({ type: 'marquee', id: 'x' }).success).toBe(false);
    const bad = pageDocumentSchema.safeParse({
      code: 'a',
      updatedAt: 1,
      components: [{ type: 'bannerList', id: 'b', orientation: 'vertical', items: [{ aspectRatio: 2 }] }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['components', 0, 'items', 0, 'urlPath']);
  });

  it('rejects a javascript: link', () => {
    const result = componentSchema.safeParse({
      type: 'bannerList',
      id: 'b',
      orientation: 'vertical',
      items: [{ aspectRatio: 2, urlPath: '/a.jpg', link: 'javascript:alert(1)' }],
    });
    expect(result.success).toBe(false);
  });

  it('documents its fields for editors', () => {
    expect(switchConfigSchema.shape.collectionSwitch.description).toMatch(/wishlist/);
    expect(cmsConfigSchema.description).toBeTruthy();
  });

  it('names language, document and field in the error', () => {
    const result = pageDocumentSchema.safeParse({ code: 'a', updatedAt: 'yesterday', components: [] });
    const error = CmsDocumentError.fromZod('en_GB', 'en_GB/pages/women.json', result.error!);
    expect(error.message).toContain('language en_GB');
    expect(error.message).toContain('document en_GB/pages/women.json');
    expect(error.message).toContain('field updatedAt');
    expect(error.code).toBe('CMS_DOCUMENT_INVALID');
  });
});
