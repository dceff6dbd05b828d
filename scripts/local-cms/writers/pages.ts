/** Every page in a language: its document, its archived version, its product-page document, and the config that lists them all. */
import { cmsEndpoints } from '../../../src/lib/cms/endpoints.ts';
import { cmsConfigSchema, pageDocumentSchema, productPageSchema } from '../../../src/lib/cms/schema.ts';
import type { PageConfigIn } from '../page-plans/page-kit.ts';
import { rngFor } from '../random.ts';
import { DAY, MINUTE } from '../sample-set.ts';
import type { Emit, WriterInput } from './writer.ts';

export function writePages({ ctx, sample, plans }: WriterInput, emit: Emit): void {
  const { lang, copy } = ctx;
  const { seed, now } = sample;
  const pages: PageConfigIn[] = [];
  for (const plan of plans) {
    const rng = rngFor(seed, 'updated', lang.cmsCode, plan.code);
    const updatedAt = now - rng.int(1, 60 * 24 * 45) * MINUTE;
    const content = plan.build(ctx);
    emit(cmsEndpoints.page(lang.cmsCode, plan.path), pageDocumentSchema, {
      code: plan.code,
      updatedAt,
      description: content.description,
      ...(content.background ? { background: content.background } : {}),
      components: content.components,
    });
    let archivedPage: { version: string; updatedAt: number } | null = null;
    if (plan.archive) {
      const old = plan.archive(ctx);
      archivedPage = { version: `v${rng.int(1, 4)}`, updatedAt: updatedAt - rng.int(2, 20) * DAY };
      emit(cmsEndpoints.archivedPage(lang.cmsCode, plan.code, archivedPage.version), pageDocumentSchema, {
        code: plan.code,
        updatedAt: archivedPage.updatedAt,
        description: old.description,
        components: old.components,
      });
    }
    if (plan.productPageCode) {
      emit(cmsEndpoints.productPage(lang.cmsCode, plan.productPageCode), productPageSchema, {
        productPageCode: plan.productPageCode,
        updatedAt,
        components: content.components,
      });
    }
    pages.push({
      code: plan.code,
      path: plan.path,
      tplt: plan.tplt,
      title: content.title,
      superCode: plan.superCode,
      components: [...new Set(content.components.map((c) => c.type))],
      startDate: plan.startDate,
      endDate: plan.endDate,
      archivedPage,
      productPageFlag: plan.productPageCode ? 'Y' : 'N',
      productPageCode: plan.productPageCode,
      accessCheck: plan.accessCheck ? 'Y' : 'N',
      homepage: plan.homepage ? 'Y' : 'N',
      updatedAt,
    });
  }
  emit(cmsEndpoints.shared(lang.cmsCode, 'config'), cmsConfigSchema, {
    langCode: lang.cmsCode,
    titleSeparator: ' | ',
    titleSuffix: copy.titleSuffix,
    pages,
  });
}
