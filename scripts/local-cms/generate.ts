/**
 * Generates the local sample CMS: every CMS document of the contract (src/lib/cms/schema.ts)
 * in every language of src/lib/i18n/languages.ts, the sample product catalogue and the images,
 * written under outDir at the endpoint paths of src/lib/cms/endpoints.ts so that
 * scripts/local-cms/server.ts can serve them by path.
 *
 *   npx node scripts/local-cms/generate.ts --out .data/cms --scale 3400 --seed 7 --now 1790000000000
 *   npm run cms:generate -- --products 1000
 *
 * --products makes a catalogue of that many products (catalogue.ts: every style, then more
 * lines of each); without it the default sample, one product per style.
 *
 * Deterministic: the same seed and now give byte-identical JSON (and images).
 *
 * This file only orchestrates: sample-set.ts and shared-images.ts draw the catalogue and the
 * pictures, page-plans/ plans every page, writers/ has one writer per document kind, and
 * output.ts writes everything and checks it against its schema.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import { validateOutputs, writeOutputs } from './output.ts';
import { readsHongKong, toHongKong } from './hong-kong.ts';
import { langContext } from './page-plans/page-kit.ts';
import { checkReferences, planSite } from './page-plans/site-plan.ts';
import { createSampleSet, DAY } from './sample-set.ts';
import { drawSharedImages } from './shared-images.ts';
import { writeClassification } from './writers/classification.ts';
import { writeGenderRecommendation } from './writers/gender-recommendation.ts';
import { writeLanguageConfig } from './writers/language-config.ts';
import { writePages } from './writers/pages.ts';
import { writePopup } from './writers/popup.ts';
import { writePress } from './writers/press.ts';
import { writeProductCorner } from './writers/product-corner.ts';
import { writeReturnNotice } from './writers/return-notice.ts';
import { writeMemberTexts } from './writers/member-texts.ts';
import { writeExpressCompanies } from './writers/express-companies.ts';
import { writeSubscribeList } from './writers/subscribe-list.ts';
import { writeSearchWords } from './writers/search-words.ts';
import { writeShops } from './writers/shops.ts';
import { writeStyling } from './writers/styling.ts';
import { writeSwitchConfig } from './writers/switch-config.ts';
import { writeTicker } from './writers/ticker.ts';
import type { Emit, LanguageWriter, OutDoc } from './writers/writer.ts';

export interface GenerateOptions {
  outDir: string;
  /** Pages per language in total; extra content pages are added to reach it. */
  scale?: number;
  seed?: number;
  /** The clock the date windows are built around (ms); default: start of today (UTC). */
  now?: number;
  /** How many products the catalogue has; default one per style (catalogue.ts, BASE_PRODUCT_COUNT). */
  products?: number;
  /** The languages to write; default: the language table. Tests and benchmarks pass one it does not list yet. */
  languages?: readonly LanguageDefinition[];
}
export interface GenerateResult {
  languages: number;
  pagesPerLanguage: number;
  products: number;
  images: number;
  outDir: string;
}

/** The documents of each language, one writer per kind. */
const LANGUAGE_WRITERS: readonly LanguageWriter[] = [
  writePages,
  writeClassification,
  writeTicker,
  writeLanguageConfig,
  writeProductCorner,
  writeGenderRecommendation,
  writeSearchWords,
  writeReturnNotice,
  writeMemberTexts,
  writeExpressCompanies,
  writePress,
  writeShops,
  writeStyling,
  writePopup,
  writeSubscribeList,
];

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

export async function generateSampleCms(options: GenerateOptions): Promise<GenerateResult> {
  const seed = options.seed ?? 1;
  const now = options.now ?? startOfUtcDay(Date.now());
  const languages = options.languages ?? LANGUAGES;
  const outDir = path.resolve(options.outDir);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(now) || now < 0) throw new RangeError(`now must be a non-negative integer (ms), got ${now}`);

  // The catalogue's pictures first, then the shared ones, then each page's as it is planned:
  // the benchmark pages reuse heroes in that order.
  const sample = createSampleSet(seed, now, languages, options.products === undefined ? {} : { products: options.products });
  const images = drawSharedImages(sample);
  const plans = planSite({ sample, images }, options.scale);

  const docs: OutDoc[] = [];
  const emit: Emit = (endpoint, schema, data) => docs.push({ endpoint, schema, data });
  for (const lang of languages) {
    const input = { ctx: langContext(lang), sample, images, plans };
    // Hong Kong and Macao read the Traditional copy in Hong Kong's words (hong-kong.ts).
    const emitIn: Emit = readsHongKong(lang) ? (endpoint, schema, data) => emit(endpoint, schema, toHongKong(data)) : emit;
    for (const write of LANGUAGE_WRITERS) write(input, emitIn);
  }
  writeSwitchConfig(sample, emit);

  checkReferences(plans, sample.catalogue.products);
  await writeOutputs(outDir, docs, sample.catalogue, [...sample.images.values()]);
  await validateOutputs(outDir, docs);

  return {
    languages: languages.length,
    pagesPerLanguage: plans.length,
    products: sample.catalogue.products.length,
    images: sample.images.size,
    outDir,
  };
}

// ---------------------------------------------------------------------------------------
// CLI

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: '.data/cms' },
      scale: { type: 'string' },
      seed: { type: 'string', default: '1' },
      now: { type: 'string' },
      products: { type: 'string' },
    },
  });
  const started = performance.now();
  const result = await generateSampleCms({
    outDir: values.out,
    seed: Number(values.seed),
    ...(values.scale !== undefined ? { scale: Number(values.scale) } : {}),
    ...(values.now !== undefined ? { now: Number(values.now) } : {}),
    ...(values.products !== undefined ? { products: Number(values.products) } : {}),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Sample CMS written to ${result.outDir}: ${result.languages} languages × ${result.pagesPerLanguage} pages, ${result.products} products, ${result.images} images (${seconds} s)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
