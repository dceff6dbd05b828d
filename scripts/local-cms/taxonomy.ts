/**
 * The language-independent structure of the sample store: genders, category groups, leaf
 * categories, the product styles of each leaf, garment kinds and the colour palette.
 * Names live in copy.ts, keyed by the codes and keys declared here, so every copy set must
 * name every node (the type checker enforces it).
 */

export const GARMENT_KINDS = [
  'down',
  'vest',
  'coat',
  'jacket',
  'fleece',
  'tee',
  'shirt',
  'polo',
  'knit',
  'hoodie',
  'innerwear',
  'lounge',
  'trousers',
  'jeans',
  'leggings',
  'shorts',
  'skirt',
  'dress',
  'jumpsuit',
  'bodysuit',
  'romper',
  'hat',
  'bag',
  'socks',
] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export type SizeRange = 'women' | 'men' | 'kids' | 'baby';

const TAXONOMY_DATA = [
  {
    gender: 'WOMEN',
    prefix: 'W',
    landingPath: '/women.html',
    sizeRange: 'women',
    groups: [
      {
        code: 'W01',
        leaves: [
          {
            code: 'W0101',
            styles: [
              ['w-ultra-light-down-jacket', 'down'],
              ['w-down-vest', 'vest'],
              ['w-seamless-down-parka', 'down'],
            ],
          },
          {
            code: 'W0102',
            styles: [
              ['w-wool-blend-coat', 'coat'],
              ['w-trench-coat', 'coat'],
              ['w-hooded-coat', 'coat'],
            ],
          },
          {
            code: 'W0103',
            styles: [
              ['w-tailored-jacket', 'jacket'],
              ['w-denim-jacket', 'jacket'],
              ['w-pocketable-parka', 'jacket'],
            ],
          },
        ],
      },
      {
        code: 'W02',
        leaves: [
          {
            code: 'W0201',
            styles: [
              ['w-crew-neck-tee', 'tee'],
              ['w-ribbed-tee', 'tee'],
              ['w-oversized-tee', 'tee'],
              ['w-striped-boat-neck', 'tee'],
            ],
          },
          {
            code: 'W0202',
            styles: [
              ['w-linen-blend-shirt', 'shirt'],
              ['w-rayon-blouse', 'shirt'],
              ['w-oxford-shirt', 'shirt'],
            ],
          },
          {
            code: 'W0203',
            styles: [
              ['w-cashmere-sweater', 'knit'],
              ['w-merino-cardigan', 'knit'],
              ['w-souffle-turtleneck', 'knit'],
            ],
          },
          {
            code: 'W0204',
            styles: [
              ['w-sweat-hoodie', 'hoodie'],
              ['w-sweatshirt', 'hoodie'],
            ],
          },
        ],
      },
      {
        code: 'W03',
        leaves: [
          {
            code: 'W0301',
            styles: [
              ['w-pleated-wide-pants', 'trousers'],
              ['w-smart-ankle-pants', 'trousers'],
              ['w-linen-wide-pants', 'trousers'],
            ],
          },
          {
            code: 'W0302',
            styles: [
              ['w-straight-jeans', 'jeans'],
              ['w-wide-jeans', 'jeans'],
              ['w-barrel-jeans', 'jeans'],
            ],
          },
          {
            code: 'W0303',
            styles: [
              ['w-pleated-skirt', 'skirt'],
              ['w-denim-skirt', 'skirt'],
              ['w-satin-skirt', 'skirt'],
            ],
          },
        ],
      },
      {
        code: 'W04',
        leaves: [
          {
            code: 'W0401',
            styles: [
              ['w-shirt-dress', 'dress'],
              ['w-linen-dress', 'dress'],
              ['w-knit-dress', 'dress'],
            ],
          },
          {
            code: 'W0402',
            styles: [
              ['w-jumpsuit', 'jumpsuit'],
              ['w-denim-overalls', 'jumpsuit'],
            ],
          },
        ],
      },
      {
        code: 'W05',
        leaves: [
          {
            code: 'W0501',
            styles: [
              ['w-heat-crew', 'innerwear'],
              ['w-bra-camisole', 'innerwear'],
              ['w-airy-tee', 'innerwear'],
            ],
          },
          {
            code: 'W0502',
            styles: [
              ['w-lounge-set', 'lounge'],
              ['w-pyjamas', 'lounge'],
            ],
          },
        ],
      },
    ],
  },
  {
    gender: 'MEN',
    prefix: 'M',
    landingPath: '/men.html',
    sizeRange: 'men',
    groups: [
      {
        code: 'M01',
        leaves: [
          {
            code: 'M0101',
            styles: [
              ['m-ultra-light-down-jacket', 'down'],
              ['m-hybrid-down-parka', 'down'],
              ['m-down-vest', 'vest'],
            ],
          },
          {
            code: 'M0102',
            styles: [
              ['m-utility-blouson', 'jacket'],
              ['m-coach-jacket', 'jacket'],
              ['m-comfort-blazer', 'jacket'],
            ],
          },
          {
            code: 'M0103',
            styles: [
              ['m-wool-coat', 'coat'],
              ['m-balmacaan-coat', 'coat'],
            ],
          },
        ],
      },
      {
        code: 'M02',
        leaves: [
          {
            code: 'M0201',
            styles: [
              ['m-supima-tee', 'tee'],
              ['m-dry-tee', 'tee'],
              ['m-heavyweight-tee', 'tee'],
            ],
          },
          {
            code: 'M0202',
            styles: [
              ['m-oxford-shirt', 'shirt'],
              ['m-linen-shirt', 'shirt'],
              ['m-flannel-shirt', 'shirt'],
            ],
          },
          {
            code: 'M0203',
            styles: [
              ['m-dry-pique-polo', 'polo'],
              ['m-knitted-polo', 'polo'],
            ],
          },
          {
            code: 'M0204',
            styles: [
              ['m-merino-sweater', 'knit'],
              ['m-cable-sweater', 'knit'],
              ['m-waffle-henley', 'knit'],
            ],
          },
        ],
      },
      {
        code: 'M03',
        leaves: [
          {
            code: 'M0301',
            styles: [
              ['m-slim-chinos', 'trousers'],
              ['m-smart-ankle-pants', 'trousers'],
              ['m-wide-chinos', 'trousers'],
            ],
          },
          {
            code: 'M0302',
            styles: [
              ['m-selvedge-jeans', 'jeans'],
              ['m-regular-jeans', 'jeans'],
              ['m-wide-jeans', 'jeans'],
            ],
          },
          {
            code: 'M0303',
            styles: [
              ['m-chino-shorts', 'shorts'],
              ['m-easy-shorts', 'shorts'],
              ['m-swim-shorts', 'shorts'],
            ],
          },
        ],
      },
      {
        code: 'M04',
        leaves: [
          {
            code: 'M0401',
            styles: [
              ['m-active-tee', 'tee'],
              ['m-half-zip-top', 'fleece'],
              ['m-breathable-crew', 'tee'],
            ],
          },
          {
            code: 'M0402',
            styles: [
              ['m-active-joggers', 'trousers'],
              ['m-training-shorts', 'shorts'],
            ],
          },
        ],
      },
      {
        code: 'M05',
        leaves: [
          {
            code: 'M0501',
            styles: [
              ['m-bucket-hat', 'hat'],
              ['m-twill-cap', 'hat'],
              ['m-ribbed-beanie', 'hat'],
            ],
          },
          {
            code: 'M0502',
            styles: [
              ['m-round-shoulder-bag', 'bag'],
              ['m-canvas-tote', 'bag'],
            ],
          },
        ],
      },
    ],
  },
  {
    gender: 'KIDS',
    prefix: 'K',
    landingPath: '/kids.html',
    sizeRange: 'kids',
    groups: [
      {
        code: 'K01',
        leaves: [
          {
            code: 'K0101',
            styles: [
              ['k-light-down-jacket', 'down'],
              ['k-padded-parka', 'down'],
              ['k-down-vest', 'vest'],
            ],
          },
          {
            code: 'K0102',
            styles: [
              ['k-fleece-jacket', 'fleece'],
              ['k-pile-fleece', 'fleece'],
            ],
          },
        ],
      },
      {
        code: 'K02',
        leaves: [
          {
            code: 'K0201',
            styles: [
              ['k-printed-tee', 'tee'],
              ['k-dry-tee', 'tee'],
              ['k-striped-tee', 'tee'],
            ],
          },
          {
            code: 'K0202',
            styles: [
              ['k-long-sleeve-tee', 'knit'],
              ['k-waffle-top', 'knit'],
            ],
          },
          {
            code: 'K0203',
            styles: [
              ['k-sweat-hoodie', 'hoodie'],
              ['k-zip-hoodie', 'hoodie'],
              ['k-sweatshirt', 'hoodie'],
            ],
          },
        ],
      },
      {
        code: 'K03',
        leaves: [
          {
            code: 'K0301',
            styles: [
              ['k-stretch-jeans', 'jeans'],
              ['k-joggers', 'trousers'],
              ['k-warm-pants', 'trousers'],
            ],
          },
          {
            code: 'K0302',
            styles: [
              ['k-easy-shorts', 'shorts'],
              ['k-denim-shorts', 'shorts'],
              ['k-cargo-shorts', 'shorts'],
            ],
          },
          {
            code: 'K0303',
            styles: [
              ['k-tulle-skirt', 'skirt'],
              ['k-pleated-skirt', 'skirt'],
            ],
          },
        ],
      },
      {
        code: 'K04',
        leaves: [
          {
            code: 'K0401',
            styles: [
              ['k-pyjamas', 'lounge'],
              ['k-short-pyjamas', 'lounge'],
            ],
          },
          {
            code: 'K0402',
            styles: [
              ['k-heat-crew', 'innerwear'],
              ['k-boxer-briefs', 'innerwear'],
            ],
          },
        ],
      },
    ],
  },
  {
    gender: 'BABY',
    prefix: 'B',
    landingPath: '/baby.html',
    sizeRange: 'baby',
    groups: [
      {
        code: 'B01',
        leaves: [
          {
            code: 'B0101',
            styles: [
              ['b-bodysuit', 'bodysuit'],
              ['b-long-bodysuit', 'bodysuit'],
              ['b-wrap-bodysuit', 'bodysuit'],
            ],
          },
          {
            code: 'B0102',
            styles: [
              ['b-romper', 'romper'],
              ['b-quilted-romper', 'romper'],
              ['b-footed-sleepsuit', 'romper'],
            ],
          },
        ],
      },
      {
        code: 'B02',
        leaves: [
          {
            code: 'B0201',
            styles: [
              ['b-crew-tee', 'tee'],
              ['b-striped-tee', 'tee'],
            ],
          },
          {
            code: 'B0202',
            styles: [
              ['b-fleece-jacket', 'fleece'],
              ['b-padded-vest', 'vest'],
            ],
          },
        ],
      },
      {
        code: 'B03',
        leaves: [
          {
            code: 'B0301',
            styles: [
              ['b-leggings', 'leggings'],
              ['b-knit-pants', 'leggings'],
            ],
          },
          {
            code: 'B0302',
            styles: [
              ['b-easy-shorts', 'shorts'],
              ['b-bloomers', 'shorts'],
            ],
          },
        ],
      },
      {
        code: 'B04',
        leaves: [
          {
            code: 'B0401',
            styles: [
              ['b-sun-hat', 'hat'],
              ['b-knit-beanie', 'hat'],
            ],
          },
          {
            code: 'B0402',
            styles: [
              ['b-non-slip-socks', 'socks'],
              ['b-tights', 'socks'],
            ],
          },
        ],
      },
    ],
  },
] as const;

type TaxonomyData = typeof TAXONOMY_DATA;
type GenderData = TaxonomyData[number];
type GroupData = GenderData['groups'][number];
type LeafData = GroupData['leaves'][number];
export type GenderKey = GenderData['gender'];
export type GroupCode = GroupData['code'];
export type LeafCode = LeafData['code'];
export type StyleKey = LeafData['styles'][number][0];

export interface LeafNode {
  code: LeafCode;
  styles: readonly (readonly [StyleKey, GarmentKind])[];
}
export interface GroupNode {
  code: GroupCode;
  leaves: readonly LeafNode[];
}
export interface GenderNode {
  gender: GenderKey;
  /** First letter of the gender's page codes. */
  prefix: string;
  landingPath: string;
  sizeRange: SizeRange;
  groups: readonly GroupNode[];
}

/** Genders → category groups → leaf categories → product styles, in navigation order. */
export const TAXONOMY: readonly GenderNode[] = TAXONOMY_DATA;

// ---------------------------------------------------------------------------------------
// Colours

export const COLOURS = {
  black: { code: 'BLACK', hex: '#1f1f1f' },
  white: { code: 'WHITE', hex: '#fafafa' },
  'off-white': { code: 'OFFWHITE', hex: '#efe9dc' },
  navy: { code: 'NAVY', hex: '#1f2d4d' },
  grey: { code: 'GRAY', hex: '#7d7f83' },
  'light-grey': { code: 'LIGHTGRAY', hex: '#c9cacc' },
  beige: { code: 'BEIGE', hex: '#d8c6a8' },
  brown: { code: 'BROWN', hex: '#7a5238' },
  'dark-brown': { code: 'DARKBROWN', hex: '#4a3124' },
  olive: { code: 'OLIVE', hex: '#66683c' },
  khaki: { code: 'KHAKI', hex: '#a89b6e' },
  red: { code: 'RED', hex: '#b8282f' },
  wine: { code: 'WINE', hex: '#6b2233' },
  pink: { code: 'PINK', hex: '#e8b4bc' },
  'light-blue': { code: 'LIGHTBLUE', hex: '#a9c6e0' },
  blue: { code: 'BLUE', hex: '#2f5f9e' },
  indigo: { code: 'INDIGO', hex: '#2c3a5c' },
  green: { code: 'GREEN', hex: '#3f6e4f' },
  mint: { code: 'MINT', hex: '#b9dccb' },
  yellow: { code: 'YELLOW', hex: '#e9c84a' },
  orange: { code: 'ORANGE', hex: '#d9793a' },
  purple: { code: 'PURPLE', hex: '#6c4f8c' },
  lavender: { code: 'LAVENDER', hex: '#c5b6e0' },
} as const;
export type ColourKey = keyof typeof COLOURS;

const NEUTRALS: readonly ColourKey[] = ['black', 'white', 'off-white', 'navy', 'grey', 'light-grey', 'beige'];
const EARTH: readonly ColourKey[] = ['brown', 'dark-brown', 'olive', 'khaki', 'beige', 'navy', 'black'];
const BRIGHT: readonly ColourKey[] = ['red', 'pink', 'light-blue', 'blue', 'green', 'mint', 'yellow', 'orange', 'purple', 'lavender'];
const DENIM: readonly ColourKey[] = ['indigo', 'blue', 'light-blue', 'black', 'off-white'];

/** Colours a garment of this kind comes in, before the per-product pick. */
export function colourCandidates(kind: GarmentKind, gender: GenderKey, styleKey: string): readonly ColourKey[] {
  if (styleKey.includes('denim') || kind === 'jeans') return DENIM;
  if (gender === 'KIDS' || gender === 'BABY') return [...NEUTRALS.slice(0, 4), ...BRIGHT];
  switch (kind) {
    case 'coat':
    case 'jacket':
    case 'trousers':
    case 'bag':
    case 'hat':
      return EARTH;
    case 'tee':
    case 'polo':
    case 'innerwear':
      return [...NEUTRALS, 'red', 'blue', 'green', 'pink'];
    default:
      return [...NEUTRALS, ...BRIGHT.slice(0, 6), 'wine', 'olive'];
  }
}

// ---------------------------------------------------------------------------------------
// Sizes

export interface SizeDefinition {
  sizeNo: string;
  alias: string;
}

export const SIZE_RANGES: Record<SizeRange, readonly SizeDefinition[]> = {
  women: [
    { sizeNo: '001', alias: 'XS' },
    { sizeNo: '002', alias: 'S' },
    { sizeNo: '003', alias: 'M' },
    { sizeNo: '004', alias: 'L' },
    { sizeNo: '005', alias: 'XL' },
  ],
  men: [
    { sizeNo: '002', alias: 'S' },
    { sizeNo: '003', alias: 'M' },
    { sizeNo: '004', alias: 'L' },
    { sizeNo: '005', alias: 'XL' },
    { sizeNo: '006', alias: 'XXL' },
  ],
  kids: [
    { sizeNo: '100', alias: '100' },
    { sizeNo: '110', alias: '110' },
    { sizeNo: '120', alias: '120' },
    { sizeNo: '130', alias: '130' },
    { sizeNo: '140', alias: '140' },
    { sizeNo: '150', alias: '150' },
    { sizeNo: '160', alias: '160' },
  ],
  baby: [
    { sizeNo: '070', alias: '70' },
    { sizeNo: '080', alias: '80' },
    { sizeNo: '090', alias: '90' },
    { sizeNo: '100', alias: '100' },
  ],
};
/** Hats, bags and socks come in one size. */
export const ONE_SIZE: SizeDefinition = { sizeNo: '000', alias: 'ONE SIZE' };
export const ONE_SIZE_KINDS: readonly GarmentKind[] = ['hat', 'bag', 'socks'];

/** Base origin price in TWD of a garment kind for adults: [min, max]. */
export const KIND_PRICE_TWD: Record<GarmentKind, readonly [number, number]> = {
  down: [1990, 2990],
  vest: [1290, 1590],
  coat: [3990, 4990],
  jacket: [1990, 2990],
  fleece: [790, 1290],
  tee: [390, 590],
  shirt: [790, 1290],
  polo: [590, 990],
  knit: [990, 2990],
  hoodie: [790, 1290],
  innerwear: [390, 590],
  lounge: [790, 1290],
  trousers: [990, 1490],
  jeans: [1290, 1990],
  leggings: [390, 590],
  shorts: [590, 790],
  skirt: [790, 1490],
  dress: [990, 1990],
  jumpsuit: [1290, 1990],
  bodysuit: [390, 590],
  romper: [590, 990],
  hat: [390, 790],
  bag: [490, 990],
  socks: [390, 390],
};

export const CORNER_CODES = ['NEW', 'LIMITED'] as const;
export type CornerCode = (typeof CORNER_CODES)[number];

export const PRICE_GROUPS = ['REGULAR', 'LIMITED_OFFER', 'PRICE_DOWN', 'MANUAL'] as const;
export type PriceGroup = (typeof PRICE_GROUPS)[number];

/** Content pages of the base set; keys name their copy. */
export const FEATURE_KEYS = [
  'new-arrivals',
  'lookbook',
  'linen-edit',
  'winter-sale',
  'member-week',
  'weekend-offer',
  'care-guide',
  'sustainability',
  'member-exclusive',
  'down-care',
  'fit-guide',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Product-page contents (productPageFlag Y) and the garment kinds that show them. */
export const PRODUCT_PAGES = [
  { feature: 'down-care', productPageCode: 'PP-DOWN', kinds: ['down', 'vest'] },
  { feature: 'fit-guide', productPageCode: 'PP-FIT', kinds: ['trousers', 'jeans'] },
] as const satisfies readonly { feature: FeatureKey; productPageCode: string; kinds: readonly GarmentKind[] }[];

export function allLeaves(): { gender: GenderNode; group: GroupNode; leaf: LeafNode }[] {
  const out: { gender: GenderNode; group: GroupNode; leaf: LeafNode }[] = [];
  for (const gender of TAXONOMY) for (const group of gender.groups) for (const leaf of group.leaves) out.push({ gender, group, leaf });
  return out;
}
