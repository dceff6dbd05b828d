/**
 * What every sample page and document is drawn from: the catalogue, its listable products by
 * gender, group and leaf, seeded picks, and the image registry. Each image is registered once,
 * by path, and rendered at the end; the registry keeps the order images were first asked for,
 * which the benchmark pages depend on (they reuse the heroes in that order).
 */
import { LANGUAGES, type LanguageDefinition } from '../../src/lib/i18n/languages.ts';
import type { Catalogue, CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { buildCatalogue, isListable, type CatalogueOptions } from './catalogue.ts';
import { SCENE_PALETTES, categorySvg, mix, sceneSvg, type ImageJob, type ScenePalette } from './images.ts';
import { rngFor } from './random.ts';
import type { FeatureKey, GarmentKind, GenderKey } from './taxonomy.ts';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface SampleSet {
  seed: number;
  /** The clock the date windows are built around (ms). */
  now: number;
  catalogue: Catalogue;
  /** The products CMS lists may show. */
  listable: CatalogueProduct[];
  byGender(gender: GenderKey): CatalogueProduct[];
  byGroup(code: string): CatalogueProduct[];
  byLeaf(code: string): CatalogueProduct[];
  /** `count` products of `from`: the same for the same seed and key. */
  pick(key: string, from: readonly CatalogueProduct[], count: number): CatalogueProduct[];
  images: ReadonlyMap<string, ImageJob>;
  /** Registers an image (the first registration of a path wins) and answers its path. */
  addImage(job: ImageJob): string;
  /** A scene with the garments of `garments`, worn together when `outfit`. */
  scene(pathName: string, width: number, height: number, garments?: readonly CatalogueProduct[], outfit?: boolean): string;
  categoryImage(code: string, kind: GarmentKind, hex: string): string;
  featureHero(key: FeatureKey, products: readonly CatalogueProduct[]): string;
  /** Press and shop pictures: scenes with two garments of the catalogue, chosen by the picture's path. */
  pressPicture(pathName: string, width: number, height: number): string;
}

export function firstColourHex(product: CatalogueProduct): string {
  return product.colours[0]?.hex ?? '#7d7f83';
}

export const asGarment = (p: CatalogueProduct) => ({ kind: p.garmentKind as GarmentKind, hex: firstColourHex(p) });

/** The sample, its products named in `languages` (the language table unless a test or a benchmark passes others). */
export function createSampleSet(
  seed: number,
  now: number,
  languages: readonly LanguageDefinition[] = LANGUAGES,
  catalogueOptions: CatalogueOptions = {},
): SampleSet {
  const images = new Map<string, ImageJob>();
  const addImage = (job: ImageJob): string => {
    if (!images.has(job.path)) images.set(job.path, job);
    return job.path;
  };

  const { catalogue, imageJobs } = buildCatalogue(seed, now, languages, catalogueOptions);
  for (const job of imageJobs) addImage(job);
  const listable = catalogue.products.filter(isListable);
  const byGender = (g: GenderKey) => listable.filter((p) => p.gender === g);
  const byGroup = (code: string) => listable.filter((p) => p.groupCode === code);
  const byLeaf = (code: string) => listable.filter((p) => p.categoryCode === code);
  const pick = (key: string, from: readonly CatalogueProduct[], count: number) => rngFor(seed, 'picks', key).sample(from, count);

  const palette = (key: string): ScenePalette => rngFor(seed, 'palette', key).pick(SCENE_PALETTES);
  const scene = (pathName: string, width: number, height: number, garments: readonly CatalogueProduct[] = [], outfit = false) =>
    addImage({
      path: pathName,
      width,
      height,
      format: 'jpeg',
      svg: sceneSvg(rngFor(seed, 'scene', pathName), {
        width,
        height,
        palette: palette(pathName),
        garments: garments.map(asGarment),
        outfit,
      }),
    });
  const categoryImage = (code: string, kind: GarmentKind, hex: string) =>
    addImage({
      path: `/media/categories/${code}.jpg`,
      width: 600,
      height: 600,
      format: 'jpeg',
      svg: categorySvg(kind, hex, mix(palette(code).from, '#ffffff', 0.3)),
    });

  const featureHero = (key: FeatureKey, products: readonly CatalogueProduct[]) =>
    scene(`/media/features/${key}.jpg`, 1920, 800, products.slice(0, 2));
  const pressPicture = (pathName: string, width: number, height: number) => scene(pathName, width, height, pick(pathName, listable, 2));

  return {
    seed,
    now,
    catalogue,
    listable,
    byGender,
    byGroup,
    byLeaf,
    pick,
    images,
    addImage,
    scene,
    categoryImage,
    featureHero,
    pressPicture,
  };
}
