/**
 * The pictures several pages and documents share: category pictures of every gender, group and
 * leaf, the campaign slides and tiles, the looks, the product-corner marks, the page backgrounds
 * and the live-station icon. Drawn once, right after the catalogue's own pictures.
 */
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import { liveIconSvg, markSvg, paperSvg, tileSvg } from './images.ts';
import { rngFor } from './random.ts';
import { asGarment, firstColourHex, type SampleSet } from './sample-set.ts';
import { TAXONOMY, type GarmentKind, type GenderKey } from './taxonomy.ts';

export type SharedImages = ReturnType<typeof drawSharedImages>;

export function drawSharedImages(sample: SampleSet) {
  const { seed, catalogue, listable, byGender, byGroup, byLeaf, pick, addImage, scene, categoryImage } = sample;
  const GENDER_KIND: Record<GenderKey, GarmentKind> = { WOMEN: 'dress', MEN: 'jacket', KIDS: 'hoodie', BABY: 'bodysuit' };
  const genderImage = new Map<GenderKey, string>();
  const genderTile = new Map<GenderKey, string>();
  const groupImage = new Map<string, string>();
  const groupBanner = new Map<string, string>();
  const leafImage = new Map<string, string>();
  for (const g of TAXONOMY) {
    const gp = byGender(g.gender);
    genderImage.set(
      g.gender,
      categoryImage(g.gender, GENDER_KIND[g.gender], firstColourHex(gp[0] ?? (catalogue.products[0] as CatalogueProduct))),
    );
    genderTile.set(
      g.gender,
      scene(`/media/campaigns/${g.gender.toLowerCase()}-tile.jpg`, 800, 1000, pick(`TILE-${g.gender}`, gp, 2), true),
    );
    for (const group of g.groups) {
      const products = byGroup(group.code);
      const first = products[0];
      groupImage.set(
        group.code,
        categoryImage(group.code, first ? asGarment(first).kind : 'tee', first ? firstColourHex(first) : '#7d7f83'),
      );
      groupBanner.set(group.code, scene(`/media/banners/${group.code}.jpg`, 1920, 480, products.slice(0, 3)));
      for (const leaf of group.leaves) {
        const lp = byLeaf(leaf.code)[0] ?? catalogue.products.find((p) => p.categoryCode === leaf.code);
        leafImage.set(leaf.code, categoryImage(leaf.code, lp ? asGarment(lp).kind : 'tee', lp ? firstColourHex(lp) : '#7d7f83'));
      }
    }
  }
  const slideImages = (key: string, from: readonly CatalogueProduct[]) =>
    [1, 2, 3].map((n) => scene(`/media/campaigns/${key}-${n}.jpg`, 1920, 800, pick(`SLIDE-${key}-${n}`, from, n === 2 ? 1 : 2)));
  const homeSlides = slideImages('home', listable);
  const genderSlides = new Map(TAXONOMY.map((g) => [g.gender, slideImages(g.gender.toLowerCase(), byGender(g.gender))]));
  // The lookbook's looks: each picture wears a top and a bottom of the catalogue, which the
  // official styling documents list as the look's products.
  const lookOutfits = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => {
    const rng = rngFor(seed, 'look', n);
    const gender = rng.pick(['WOMEN', 'MEN'] as const);
    const top = rng.pick(
      byGender(gender).filter((p) => ['tee', 'shirt', 'knit', 'jacket', 'down', 'coat', 'hoodie', 'polo'].includes(p.garmentKind)),
    );
    const bottom = rng.pick(byGender(gender).filter((p) => ['trousers', 'jeans', 'skirt', 'shorts'].includes(p.garmentKind)));
    return { image: scene(`/media/looks/look-${n}.jpg`, 600, 800, [top, bottom], true), products: [top, bottom] };
  });
  const lookImages = lookOutfits.map((look) => look.image);

  const marks = {
    soldOut: addImage({ path: '/media/marks/sold-out.png', width: 120, height: 120, format: 'png', svg: markSvg('sold-out') }),
    NEW: addImage({ path: '/media/marks/new.png', width: 120, height: 120, format: 'png', svg: markSvg('new') }),
    LIMITED: addImage({ path: '/media/marks/limited.png', width: 120, height: 120, format: 'png', svg: markSvg('limited') }),
  };
  const tileBackground = addImage({ path: '/media/backgrounds/linen-tile.png', width: 80, height: 80, format: 'png', svg: tileSvg() });
  const paperBackground = addImage({
    path: '/media/backgrounds/paper.jpg',
    width: 1920,
    height: 1080,
    format: 'jpeg',
    svg: paperSvg(1920, 1080),
  });
  const liveIcon = addImage({ path: '/media/live/station.png', width: 96, height: 96, format: 'png', svg: liveIconSvg() });

  return {
    genderImage,
    genderTile,
    groupImage,
    groupBanner,
    leafImage,
    homeSlides,
    genderSlides,
    lookImages,
    lookOutfits,
    marks,
    tileBackground,
    paperBackground,
    liveIcon,
  };
}
