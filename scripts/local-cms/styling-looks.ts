/**
 * The sample's styling looks, the same looks in every language: the eight official looks of
 * the lookbook (their pictures wear a top and a bottom of the catalogue, listed as the look's
 * products) and the staff looks, each a member of staff at one of the sample shops wearing a
 * top and a bottom drawn for them. Ids follow the contract: official 8 or more characters,
 * staff fewer (the old collect list's migration tells them apart by length).
 */
import { lookPagePath } from '../../src/lib/styling/paths.ts';
import type { CatalogueProduct } from '../sample-data/catalogue-schema.ts';
import type { CopyKey } from './copy.ts';
import { withHans } from './hans.ts';
import { rngFor } from './random.ts';
import type { SampleSet } from './sample-set.ts';
import type { SharedImages } from './shared-images.ts';

/** Staff looks per staffStyling page: 9 looks make three pages (4, 4, 1), so paging is exercised. */
export const STAFF_PAGE_SIZE = 4;

export interface SampleLook {
  styleId: string;
  imageOriginal: string;
  images: string[];
  products: CatalogueProduct[];
}
export interface SampleStaffLook extends SampleLook {
  staff: number;
  shopCode: string;
  heightCm: number;
}

export const officialStyleId = (n: number) => `LK26AW${String(n).padStart(2, '0')}`;
export const staffStyleId = (n: number) => `ST${100 + n}`;
/** An official look's own page (/official-styling/{id}.html), for the CMS's carousels and banners. */
export const officialLookLink = (n: number) => lookPagePath('official', officialStyleId(n));
export const staffLookLink = (n: number) => lookPagePath('staff', staffStyleId(n));

const TOPS = ['tee', 'shirt', 'knit', 'jacket', 'down', 'coat', 'hoodie', 'polo'];
const BOTTOMS = ['trousers', 'jeans', 'skirt', 'shorts'];
/** A staff look can be bought from its page: nothing that needs made-to-order choices. */
const plain = (p: CatalogueProduct) => p.customMadeFlag === 'N' && p.presaleFlag === 'N';

const STAFF = [
  { shopCode: 'TPE01', heightCm: 163, gender: 'WOMEN' },
  { shopCode: 'TPE02', heightCm: 178, gender: 'MEN' },
  { shopCode: 'TXG01', heightCm: 158, gender: 'WOMEN' },
  { shopCode: 'KHH01', heightCm: 172, gender: 'MEN' },
  { shopCode: 'HKG01', heightCm: 166, gender: 'WOMEN' },
  { shopCode: 'HKG02', heightCm: 181, gender: 'MEN' },
  { shopCode: 'MFM01', heightCm: 160, gender: 'WOMEN' },
  { shopCode: 'TPE03', heightCm: 175, gender: 'MEN' },
  { shopCode: 'TNN01', heightCm: 168, gender: 'WOMEN' },
] as const;

export function sampleLooks(sample: SampleSet, images: SharedImages): { official: SampleLook[]; staff: SampleStaffLook[] } {
  const { scene, byGender, seed } = sample;
  const official = images.lookOutfits.map((outfit, i) => ({
    styleId: officialStyleId(i + 1),
    imageOriginal: outfit.image,
    // A closer picture of each piece, worn.
    images: outfit.products.map((p, j) => scene(`/media/looks/look-${i + 1}-detail-${j + 1}.jpg`, 600, 800, [p], true)),
    products: outfit.products,
  }));
  const staff = STAFF.map((member, i) => {
    const rng = rngFor(seed, 'staff-look', i + 1);
    const wardrobe = byGender(member.gender).filter(plain);
    const top = rng.pick(wardrobe.filter((p) => TOPS.includes(p.garmentKind)));
    const bottom = rng.pick(wardrobe.filter((p) => BOTTOMS.includes(p.garmentKind)));
    const n = i + 1;
    return {
      styleId: staffStyleId(n),
      imageOriginal: scene(`/media/looks/staff-${n}.jpg`, 600, 800, [top, bottom], true),
      images: [scene(`/media/looks/staff-${n}-detail.jpg`, 600, 800, [top], true)],
      products: [top, bottom],
      staff: i,
      shopCode: member.shopCode,
      heightCm: member.heightCm,
    };
  });
  return { official, staff };
}

/** What the looks say, per copy set. Official looks take their titles from the lookbook's captions. */
export const STYLING_COPY: Record<
  CopyKey,
  {
    officialDescription: string;
    staffNames: readonly string[];
    staffTitles: readonly string[];
    staffNote: string;
    staffPicks: string;
    viewLook: string;
  }
> = withHans({
  'zh-Hant': {
    staffPicks: '店員穿搭',
    viewLook: '看這套造型',
    officialDescription: '造型師以本季基本款搭配的提案，點選單品即可查看尺寸與庫存。',
    staffNames: ['林怡君', '陳冠宇', '王思妤', '張家豪', '李嘉欣', '黃子軒', '何美玲', '吳承翰', '蔡佩珊'],
    staffTitles: [
      '通勤也能很輕鬆',
      '週末的簡單層次',
      '小個子的比例穿搭',
      '一件外套走天下',
      '辦公室的柔和色調',
      '街頭感的休閒穿法',
      '雨季也清爽',
      '深色系的俐落感',
      '亞麻的自然質感',
    ],
    staffNote: '我平常最常穿的組合，舒服又好搭配，歡迎到店試穿。',
  },
  en: {
    staffPicks: 'Staff Picks',
    viewLook: 'See the look',
    officialDescription: "Our stylists' take on this season's basics. Pick a size below, or open a piece for its details.",
    staffNames: ['Yi-chun', 'Kuan-yu', 'Szu-yu', 'Chia-hao', 'Ka-yan', 'Tsz-hin', 'Mei-ling', 'Cheng-han', 'Pei-shan'],
    staffTitles: [
      'An easy commute',
      'Simple weekend layers',
      'Proportions for petite frames',
      'One jacket, every day',
      'Soft tones for the office',
      'Casual with a street edge',
      'Fresh through the rainy season',
      'Sharp in dark colours',
      'The natural feel of linen',
    ],
    staffNote: 'What I wear most days: comfortable and easy to combine. Come and try it on in the shop.',
  },
});
