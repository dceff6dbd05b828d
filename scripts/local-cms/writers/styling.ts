/** Styling looks of a language: the official looks and the staff looks' staffStyling pages. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { officialStylingSchema, staffStylingPageSchema } from '../../../src/lib/cms/schema.ts';
import type { CatalogueProduct } from '../../sample-data/catalogue-schema.ts';
import { sampleLooks, STAFF_PAGE_SIZE, STYLING_COPY } from '../styling-looks.ts';
import type { Emit, WriterInput } from './writer.ts';

/** The colour a look's picture shows is the product's first (sample-set.ts draws garments in it). */
const worn = (products: readonly CatalogueProduct[]) =>
  products.map((p) => ({ productCode: p.productCode, colorNo: p.colours[0]!.colorNo }));

export function writeStyling({ ctx, sample, images }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const text = STYLING_COPY[lang.sampleCopy];
  const looks = sampleLooks(sample, images);
  emit(cmsEndpoints.officialStyling(lang.cmsCode), officialStylingSchema, {
    looks: looks.official.map((look, i) => ({
      styleId: look.styleId,
      title: copy.looks[i] ?? look.styleId,
      description: text.officialDescription,
      imageOriginal: look.imageOriginal,
      images: look.images,
      products: worn(look.products),
    })),
  });
  const staff = looks.staff.map((look) => ({
    styleId: look.styleId,
    title: text.staffTitles[look.staff]!,
    description: text.staffNote,
    imageOriginal: look.imageOriginal,
    images: look.images,
    products: worn(look.products),
    staffName: text.staffNames[look.staff]!,
    shopCode: look.shopCode,
    heightCm: look.heightCm,
  }));
  const pages = Math.max(1, Math.ceil(staff.length / STAFF_PAGE_SIZE));
  for (let page = 1; page <= pages; page += 1) {
    const contentList = staff.slice((page - 1) * STAFF_PAGE_SIZE, page * STAFF_PAGE_SIZE);
    emit(cmsEndpoints.staffStyling(lang.cmsCode, page), staffStylingPageSchema, {
      total_result_count: staff.length,
      result_count: contentList.length,
      page,
      content_list: contentList,
    });
  }
}
