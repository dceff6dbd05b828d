/**
 * Styling looks: the CMS contract (the sample passes, a malformed look is refused with a
 * message naming what is wrong), staffStyling paging, choosing a look by the styleId query
 * (the page's pre-paint script and the pure function agree), the products a look wears, and
 * reading the saved looks as a page's early script does.
 */
import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../src/lib/api/contract.ts';
import { officialStylingSchema, staffStylingPageSchema } from '../../src/lib/cms/schema.ts';
import { cmsEndpoints } from '../../src/lib/cms/endpoints.ts';
import { documentKindOf } from '../../src/lib/cms/document-kind.ts';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { OFFICIAL_LOOK_ID_MIN_LENGTH, readStylingCollects, STYLING_STORAGE_KEYS } from '../../src/lib/styling/collects.ts';
import { LOOK_CHOICE_SCRIPT, LOOK_TITLES_ID } from '../../src/lib/styling/look-choice.ts';
import { chooseLook, styleIdFromSearch } from '../../src/lib/styling/look-id.ts';
import { lookPagePath } from '../../src/lib/styling/paths.ts';
import { joinStaffPages, staffPageCount, StaffPagingError } from '../../src/lib/styling/staff-paging.ts';
import { wornProductViews } from '../../src/lib/styling/worn-products.ts';
import { langContext } from '../../scripts/local-cms/page-plans/page-kit.ts';
import { createSampleSet } from '../../scripts/local-cms/sample-set.ts';
import { drawSharedImages } from '../../scripts/local-cms/shared-images.ts';
import { writeStyling } from '../../scripts/local-cms/writers/styling.ts';
import { miniOfficialStyling, miniStaffStyling } from '../fixtures/mini-cms.ts';
import { productDetail } from '../fixtures/product-detail.ts';

/** The sample CMS's styling documents of every language, as the generator writes them. */
function sampleDocuments() {
  const sample = createSampleSet(7, Date.UTC(2026, 5, 1));
  const images = drawSharedImages(sample);
  const docs: Array<{ endpoint: string; data: unknown }> = [];
  for (const lang of LANGUAGES)
    writeStyling({ ctx: langContext(lang), sample, images, plans: [] }, (endpoint, _schema, data) => docs.push({ endpoint, data }));
  return { docs, catalogue: sample.catalogue };
}

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the styling contract', () => {
  it('accepts the sample CMS: official looks and staffStyling pages in every language, wearing products of the catalogue', () => {
    const { docs, catalogue } = sampleDocuments();
    const codes = new Set(catalogue.products.map((p) => p.productCode));
    for (const lang of LANGUAGES) {
      const official = docs.find((d) => d.endpoint === cmsEndpoints.officialStyling(lang.cmsCode))!;
      const looks = officialStylingSchema.parse(official.data).looks;
      expect(looks.length).toBeGreaterThan(0);
      for (const look of looks) {
        expect(look.styleId.length).toBeGreaterThanOrEqual(OFFICIAL_LOOK_ID_MIN_LENGTH);
        for (const p of look.products) expect(codes.has(p.productCode)).toBe(true);
      }
      const pages = docs
        .filter((d) => d.endpoint.startsWith(`/cms/${lang.cmsCode}/styling/staff/`))
        .map((d) => staffStylingPageSchema.parse(d.data));
      expect(pages.length).toBeGreaterThan(1); // the sample exercises paging
      const staff = joinStaffPages(pages);
      expect(staff).toHaveLength(pages[0]!.total_result_count);
      for (const look of staff) {
        expect(look.styleId.length).toBeLessThan(OFFICIAL_LOOK_ID_MIN_LENGTH);
        for (const p of look.products) expect(codes.has(p.productCode)).toBe(true);
      }
    }
    // The same looks in every language: a look's page has its alternates.
    const ids = (cmsCode: string) =>
      officialStylingSchema.parse(docs.find((d) => d.endpoint === cmsEndpoints.officialStyling(cmsCode))!.data).looks.map((l) => l.styleId);
    expect(ids('en_GB')).toEqual(ids('zh_TW'));
  });

  it('refuses an official look id shorter than 8 characters, and a staff look id of 8 or more', () => {
    const official = miniOfficialStyling();
    official.looks[0]!.styleId = 'LOOK1';
    expect(issuesOf(officialStylingSchema.safeParse(official))).toEqual([
      'looks.0.styleId: must be 8-24 capitals or digits (an official look id has 8 or more characters)',
    ]);
    const staff = miniStaffStyling();
    staff.content_list[0]!.styleId = 'STAFF001';
    expect(issuesOf(staffStylingPageSchema.safeParse(staff))).toEqual([
      'content_list.0.styleId: must be 1-7 capitals or digits (a staff look id is shorter than an official one)',
    ]);
  });

  it('refuses a look without products, a product worn twice, a repeated look and a page whose count is wrong', () => {
    const official = miniOfficialStyling();
    official.looks[0]!.products = [];
    official.looks[1]!.products = [{ productCode: 'L000001' }, { productCode: 'L000001', colorNo: '01' }];
    expect(issuesOf(officialStylingSchema.safeParse(official))).toEqual([
      'looks.0.products: a look wears at least one product',
      'looks.1.products.1.productCode: duplicate product "L000001"',
    ]);
    const repeated = miniOfficialStyling();
    repeated.looks[1]!.styleId = repeated.looks[0]!.styleId;
    expect(issuesOf(officialStylingSchema.safeParse(repeated))).toEqual(['looks.1.styleId: duplicate look id "LOOKMINI1"']);
    const staff = { ...miniStaffStyling(), result_count: 2 };
    expect(issuesOf(staffStylingPageSchema.safeParse(staff))).toEqual(['result_count: says 2 looks but content_list has 1']);
  });

  it('places the documents by their cache paths (the publish webhook and the edit API speak those)', () => {
    expect(documentKindOf('zh_HK/styling/official.json')).toEqual({ kind: 'official-styling', language: 'zh_HK' });
    expect(documentKindOf('en_GB/styling/staff/2.json')).toEqual({ kind: 'staff-styling', language: 'en_GB', page: 2 });
    expect(documentKindOf('en_GB/styling/staff/0.json')).toBeNull();
    expect(documentKindOf('en_GB/styling/other.json')).toBeNull();
  });
});

describe('staffStyling paging', () => {
  const look = (styleId: string) => ({ styleId });
  const page = (n: number, ids: string[], total: number) => ({
    total_result_count: total,
    result_count: ids.length,
    page: n,
    content_list: ids.map(look),
  });

  it('counts the pages page 1 announces', () => {
    expect(staffPageCount({ total_result_count: 9, result_count: 4 })).toBe(3);
    expect(staffPageCount({ total_result_count: 8, result_count: 4 })).toBe(2);
    expect(staffPageCount({ total_result_count: 0, result_count: 0 })).toBe(1);
  });

  it('joins the pages in order', () => {
    expect(joinStaffPages([page(1, ['A', 'B'], 3), page(2, ['C'], 3)]).map((l) => l.styleId)).toEqual(['A', 'B', 'C']);
    expect(joinStaffPages([page(1, [], 0)])).toEqual([]);
  });

  it('names the page that disagrees with page 1', () => {
    const failure = (pages: Parameters<typeof joinStaffPages>[0]) => {
      try {
        joinStaffPages(pages);
      } catch (error) {
        expect(error).toBeInstanceOf(StaffPagingError);
        return `${(error as StaffPagingError).page}: ${(error as Error).message}`;
      }
      return 'no error';
    };
    expect(failure([page(1, ['A', 'B'], 3)])).toBe('1: 1 pages for 2 announced');
    expect(failure([page(1, ['A', 'B'], 3), page(3, ['C'], 3)])).toBe('2: page says it is page 3');
    expect(failure([page(1, ['A', 'B'], 3), page(2, ['C'], 4)])).toBe('2: total_result_count 4 where page 1 says 3');
    expect(failure([page(1, ['A', 'B'], 4), page(2, ['C'], 4)])).toBe('2: 1 looks (result_count 1) where 2 were due');
    expect(failure([page(1, ['A', 'B'], 3), page(2, ['A'], 3)])).toBe('2: look id "A" is on an earlier page too');
  });
});

describe('choosing a look by the styleId query', () => {
  const looks = [{ styleId: 'LK26AW01' }, { styleId: 'ST101' }];

  it('finds the look the address names, trimmed and in any letter case; none for a missing or unknown id', () => {
    expect(chooseLook(looks, '?styleId=LK26AW01')).toBe(looks[0]);
    expect(chooseLook(looks, '?utm_source=x&styleId=%20st101%20')).toBe(looks[1]);
    for (const search of ['', '?styleId=', '?styleId=NOPE', '?styleid=ST101']) expect(chooseLook(looks, search)).toBeNull();
    expect(styleIdFromSearch('?styleId=lk26aw01')).toBe('LK26AW01');
    expect(lookPagePath('staff', 'ST101')).toBe('/staff-styling/ST101.html');
  });

  function run(search: string) {
    const attributes: Record<string, string> = {};
    const styles: string[] = [];
    const document = {
      title: 'Official looks | LINEA',
      documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
      getElementById: (id: string) =>
        id === LOOK_TITLES_ID ? { textContent: JSON.stringify({ LK26AW01: 'Weekend | LINEA', LK26AW02: 'Office | LINEA' }) } : null,
      // The rule goes through the CSS object model, never a <style> element (the CSP allows none).
      adoptedStyleSheets: [] as string[],
    };
    class CSSStyleSheet {
      replaceSync(rule: string) {
        styles.push(rule);
      }
    }
    new Function('location', 'document', 'CSSStyleSheet', LOOK_CHOICE_SCRIPT)({ search }, document, CSSStyleSheet);
    return { choice: attributes['data-look-choice'], title: document.title, styles };
  }

  it('the pre-paint script shows the look the query names and names it in the title, as chooseLook reads the query', () => {
    expect(run('?styleId=lk26aw02')).toEqual({
      choice: 'LK26AW02',
      title: 'Office | LINEA',
      // The other looks hide, and so does this one's entry under "more looks".
      styles: ['[data-look]:not([data-look="LK26AW02"]),[data-look-link="LK26AW02"]{display:none}'],
    });
  });

  it('marks an unknown id (the not-found state) and never writes it into a style rule; without an id every look shows', () => {
    for (const search of ['?styleId=NOPE', '?styleId=__proto__', '?styleId="]{}*{display:none'])
      expect(run(search)).toEqual({ choice: '', title: 'Official looks | LINEA', styles: [] });
    for (const search of ['', '?styleId=', '?styleId=%20']) expect(run(search)).toEqual({ title: 'Official looks | LINEA', styles: [] });
  });
});

describe('the products a look wears', () => {
  const product = (code: string, over: Partial<ProductDetail> = {}): ProductDetail =>
    productDetail(code, `Product ${code}`, {
      omsProductCode: `${code}OMS`,
      description: '',
      colours: [
        { colorNo: '01', code: 'WHITE', hex: '#fff', name: 'White', images: [`/media/${code}-01.jpg`] },
        { colorNo: '02', code: 'NAVY', hex: '#003', name: 'Navy', images: [`/media/${code}-02.jpg`] },
      ],
      sizes: [
        { sizeNo: '002', alias: 'S' },
        { sizeNo: '003', alias: 'M' },
      ],
      skus: [
        { skuCode: `${code}01002`, omsSkuCode: 'x', productId: 'p1', colorNo: '01', sizeNo: '002', price: { sale: 590, origin: 590 } },
        { skuCode: `${code}02002`, omsSkuCode: 'x', productId: 'p2', colorNo: '02', sizeNo: '002', price: { sale: 490, origin: 690 } },
        { skuCode: `${code}02003`, omsSkuCode: 'x', productId: 'p3', colorNo: '02', sizeNo: '003', price: { sale: 490, origin: 690 } },
      ],
      priceGroup: 'REGULAR',
      ...over,
    });

  it('shows the worn colour with its sizes and price; leaves out what the catalogue lacks; says how each is bought', () => {
    const products = new Map(
      [
        product('L1'),
        product('L2', { enabledFlag: 'N' }),
        product('L3', { semiOptions: [{ key: 'SLEEVE', name: 'Sleeve', values: [{ key: 'S', name: 'Short' }] }] }),
      ].map((p) => [p.productCode, p]),
    );
    const views = wornProductViews(
      [{ productCode: 'L1', colorNo: '02' }, { productCode: 'GONE' }, { productCode: 'L2' }, { productCode: 'L3', colorNo: '99' }],
      products,
    );
    expect(views.map((v) => [v.productCode, v.colourName, v.buy, v.sizes.map((s) => s.alias).join(',')])).toEqual([
      ['L1', 'Navy', 'cart', 'S,M'],
      ['L2', 'White', 'unavailable', 'S'],
      ['L3', 'White', 'options', 'S'],
    ]);
    expect(views[0]).toMatchObject({ image: '/media/L1-02.jpg', href: '/product/L1.html', price: { min: 490, max: 490, origin: 690 } });
    expect(views[0]!.sizes[1]).toEqual({ sizeNo: '003', alias: 'M', skuCode: 'L102003' });
  });
});

describe('reading the saved looks', () => {
  it('merges the old single list in without writing anything (the store saves the migration)', () => {
    const stored: Record<string, string> = {
      [STYLING_STORAGE_KEYS.old]: JSON.stringify(['LK26AW01', 'ST1']),
      [STYLING_STORAGE_KEYS.staff]: JSON.stringify(['ST2']),
    };
    const storage = { getItem: (key: string) => stored[key] ?? null };
    expect(readStylingCollects(storage)).toEqual({ collects: { staff: ['ST2', 'ST1'], official: ['LK26AW01'] }, migrated: true });
    delete stored[STYLING_STORAGE_KEYS.old];
    expect(readStylingCollects(storage)).toEqual({ collects: { staff: ['ST2'], official: [] }, migrated: false });
  });
});
