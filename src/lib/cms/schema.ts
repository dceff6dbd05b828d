/**
 * The CMS contract: every document the store reads from the CMS, as zod schemas.
 * The `.describe()` texts are the reference for editors and integrators; the pull script
 * validates every document against these and names language, document and field on failure.
 */
import { z } from 'zod';
import { SHOP_CODE_PATTERN } from '../validation/patterns.ts';
import { REGIONS } from '../i18n/regions.ts';
import { ORDER_STATUSES, REFUND_STATUSES } from '../orders/statuses.ts';
import { OFFICIAL_STYLE_ID_PATTERN, STAFF_STYLE_ID_PATTERN, STYLE_ID_MAX_LENGTH } from '../styling/look-id.ts';
import { OFFICIAL_LOOK_ID_MIN_LENGTH } from '../styling/collects.ts';

const yesNo = z.enum(['Y', 'N']);
/** The last moment a CMS date may name: later ones have no four-digit year (sitemaps, press URLs) or no Date at all. */
const LAST_MOMENT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** A moment in milliseconds since 1970. */
const moment = z.number().int().nonnegative().max(LAST_MOMENT_MS, 'must be a moment in ms no later than 9999-12-31');
/** Millisecond timestamp, or null for an open-ended bound. */
const timestamp = moment.nullable();
/** An absolute http(s) URL or a root-relative path (served by the image CDN or the store). */
const mediaUrl = z
  .string()
  .regex(/^(https?:\/\/|\/)\S+$/, 'must be an http(s) URL or a path starting with /')
  .describe('Absolute http(s) URL, or a root-relative path on the media host');
const link = z
  .string()
  .regex(/^(https?:\/\/|\/|#)/, 'must be an http(s) URL, a root-relative path or #anchor')
  .describe('Where a click goes: absolute URL, root-relative store path or #anchor');
/** A store page path, always ending in .html. */
const pagePath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_.-]*\.html$/, 'must start with / and end with .html')
  // The path becomes a file in the release and a document's address in the CMS: "..", "." and
  // "//" would climb out of or fold within its folder, and dot files are never served.
  .refine(
    (path) =>
      path
        .split('/')
        .slice(1)
        .every((segment) => /^[A-Za-z0-9_-]/.test(segment)),
    'must have no empty segment, nor one that starts with a dot',
  )
  .describe('The page path in the store, e.g. /women.html or /c/W01.html');

// ---------------------------------------------------------------------------------------
// Shared page settings

export const fitModeSchema = z
  .enum(['FILL', 'MIDDLE', 'STRETCHING', 'RESPONSIVE', 'TILE'])
  .describe(
    'How the background image fits: FILL covers, MIDDLE centres at natural size, STRETCHING stretches to both edges, RESPONSIVE fits the width, TILE repeats',
  );

export const backgroundSchema = z
  .object({
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a hex colour like #f5f1ea')
      .optional()
      .describe('Body background colour'),
    imageUrl: mediaUrl.optional().describe('Body background image'),
    attachment: z.enum(['fixed', 'scroll']).default('scroll').describe('fixed keeps the image still while the page scrolls'),
    fit: fitModeSchema.default('FILL'),
  })
  .describe('Body background from the CMS settings');

// ---------------------------------------------------------------------------------------
// Components

export const bannerItemSchema = z.object({
  link: link.optional(),
  aspectRatio: z.number().positive().describe('Width divided by height, e.g. 2.4 for a wide banner'),
  media: yesNo.default('N').describe('Y when the item is a video (urlPath is the video, posterPath its poster)'),
  urlPath: mediaUrl.describe('Image, or video when media is Y'),
  linkName: z.string().default('').describe('Accessible name of the link and image alt text'),
  posterPath: mediaUrl.optional().describe('Poster image of a video'),
  frequency: z.number().int().nonnegative().optional().describe('Analytics slot number'),
});

export const carouselItemSchema = z.object({
  indexFlag: z.number().int().nonnegative().describe('Order within the carousel'),
  title: z.string().default(''),
  name: z.string().default('').describe('Analytics name of the slide'),
  frequency: z.number().int().nonnegative().optional(),
  props: z.object({
    coverUrl: mediaUrl.describe('Slide image, or video poster when videoFlag is Y'),
    alt: z.string().default(''),
    videoFlag: yesNo.default('N'),
    url: mediaUrl.optional().describe('Video URL when videoFlag is Y'),
    link: link.optional(),
    linkName: z.string().default(''),
  }),
});

export const carouselSchema = z
  .object({
    type: z.literal('carousel'),
    id: z.string().min(1),
    aspectRatio: z.number().positive().default(2.4),
    items: z.array(carouselItemSchema).min(1),
  })
  .describe('Hero carousel: one slide at a time, with dots and arrows');

export const autoCarouselSchema = z
  .object({
    type: z.literal('autoCarousel'),
    id: z.string().min(1),
    speed: z.number().positive().optional().describe('Scroll speed in pixels per second; default 20'),
    direction: z.enum(['left', 'right']).optional().describe('Scroll direction; default left'),
    itemAspectRatio: z.number().positive().default(1),
    items: z.array(bannerItemSchema).min(1),
  })
  .describe('Auto-scrolling strip of pictures that loops endlessly');

export const bannerListSchema = z
  .object({
    type: z.literal('bannerList'),
    id: z.string().min(1),
    orientation: z.enum(['vertical', 'horizontal']).describe('vertical stacks banners; horizontal puts them in a row'),
    items: z.array(bannerItemSchema).min(1),
  })
  .describe('A list of banners');

export const smallPictureItemSchema = z.object({
  link: link.optional(),
  aspectRatio: z.number().positive(),
  media: yesNo.default('N'),
  urlPath: mediaUrl,
  posterPath: mediaUrl.optional(),
  picContent: z.string().default('').describe('Caption under the picture'),
  btnContent: z.string().default('').describe('Text of the button under the caption'),
});

export const smallPictureCarouselSchema = z
  .object({
    type: z.literal('smallPictureCarousel'),
    id: z.string().min(1),
    title: z.string(),
    buttonText: z.string().default(''),
    buttonLink: link.optional(),
    items: z.array(smallPictureItemSchema).min(1),
  })
  .describe('A titled row of small pictures that scrolls sideways');

export const customContentSchema = z
  .object({
    type: z.literal('customContent'),
    id: z.string().min(1),
    html: z.string().describe('Editor HTML; embedded scripts run, external links get rel=nofollow'),
    className: z.string().default(''),
    startDate: timestamp.default(null).describe('Shown from this moment (ms); null for no start'),
    endDate: timestamp.default(null).describe('Shown until this moment (ms); null for no end'),
  })
  .describe('A block of editor HTML, shown only within its date window');

export const productTileSchema = z.object({
  productCode: z.string().min(1),
  productId: z.string().optional().describe('Level-2 product id of the shown colour; omitted from links when absent'),
  name: z.string().min(1),
  imageUrl: mediaUrl,
  minPrice: z.number().nonnegative(),
  maxPrice: z.number().nonnegative(),
  stockFlag: yesNo.default('Y').describe('N shows the sold-out corner mark'),
  cornerCode: z.string().optional().describe('Key into the product-corner configuration'),
  badge: z.string().optional().describe('Short label such as NEW or 限定'),
});

export const productListSchema = z
  .object({
    type: z.literal('productList'),
    id: z.string().min(1),
    title: z.string().default(''),
    columns: z.number().int().min(2).max(6).default(4),
    products: z.array(productTileSchema),
  })
  .describe('A grid of product tiles; live price and stock are added by an island');

export const componentSchema = z.discriminatedUnion('type', [
  carouselSchema,
  autoCarouselSchema,
  bannerListSchema,
  smallPictureCarouselSchema,
  customContentSchema,
  productListSchema,
]);
export type CmsComponent = z.infer<typeof componentSchema>;
export type ComponentType = CmsComponent['type'];
export const COMPONENT_TYPES = componentSchema.options.map((o) => o.shape.type.value) as ComponentType[];

// ---------------------------------------------------------------------------------------
// Pages

export const pageConfigSchema = z
  .object({
    code: z.string().min(1).describe('Unique page code'),
    path: pagePath,
    tplt: z.number().int().min(1).describe('Template: 1 home, 2 gender landing, 3 and 4 product list (may inherit the parent), 5 content'),
    title: z.string().min(1).describe('Page title; the document title adds the configured separator and suffix'),
    superCode: z.string().nullable().default(null).describe('Parent page code'),
    components: z.array(z.string()).default([]).describe('Component kinds the page uses'),
    startDate: timestamp.default(null).describe('Published from (ms); null for always'),
    endDate: timestamp.default(null).describe('Published until (ms); null for always'),
    archivedPage: z
      .object({ version: z.string().min(1), updatedAt: moment })
      .nullable()
      .default(null)
      .describe('The previous version, shown while the page is outside its start/end window'),
    productPageFlag: yesNo.default('N').describe('Y for CMS content shown on product pages'),
    productPageCode: z.string().nullable().default(null),
    accessCheck: yesNo.default('N').describe('Y when the page needs a logged-in member'),
    homepage: yesNo.default('N').describe('Y for the homepage; when none is flagged, the first page is home'),
    updatedAt: moment.describe('Last publish (ms), used as lastmod'),
  })
  .describe('One entry of the CMS page list');
export type PageConfig = z.infer<typeof pageConfigSchema>;

export const cmsConfigSchema = z
  .object({
    langCode: z.string().min(2),
    titleSeparator: z.string().default(' | '),
    titleSuffix: z.string().min(1).describe('Brand suffix of every document title'),
    pages: z.array(pageConfigSchema).min(1),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>();
    config.pages.forEach((page, index) => {
      for (const key of ['code', 'path'] as const) {
        const id = `${key}:${page[key]}`;
        if (seen.has(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['pages', index, key],
            message: `duplicate ${key} "${page[key]}" (also page ${seen.get(id)})`,
          });
        }
        seen.set(id, index);
      }
    });
    // A parent that is not in the list would leave an inheriting page with nothing to show.
    const codes = new Set(config.pages.map((page) => page.code));
    config.pages.forEach((page, index) => {
      if (page.superCode !== null && !codes.has(page.superCode))
        ctx.addIssue({
          code: 'custom',
          path: ['pages', index, 'superCode'],
          message: `names no page of this language ("${page.superCode}")`,
        });
    });
  })
  .describe('The CMS configuration of one language');
export type CmsConfig = z.infer<typeof cmsConfigSchema>;

export const pageDocumentSchema = z
  .object({
    code: z.string().min(1),
    updatedAt: moment,
    description: z.string().default('').describe('Meta description'),
    background: backgroundSchema.optional(),
    components: z.array(componentSchema).describe('Rendered in order; empty on template 3/4 pages inherits the parent'),
  })
  .describe('The content of one page in one language');
export type PageDocument = z.infer<typeof pageDocumentSchema>;

// ---------------------------------------------------------------------------------------
// Shared documents

export interface CategoryNode {
  classifyId: string;
  classifyStyle: string;
  title: string;
  sort: number;
  type: string;
  parentId: string | null;
  link: string;
  imgUrl?: string | undefined;
  childData: CategoryNode[];
  pageInfo?: { code: string; path: string } | undefined;
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    classifyId: z.string().min(1),
    classifyStyle: z.string().default('default').describe('Display style of the node in navigation'),
    title: z.string().min(1),
    sort: z.number().int(),
    type: z.string().describe('GENDER, GROUP or CATEGORY'),
    parentId: z.string().nullable(),
    link: link,
    imgUrl: mediaUrl.optional(),
    childData: z.array(categoryNodeSchema).default([]),
    pageInfo: z.object({ code: z.string(), path: pagePath }).optional().describe('The CMS page shown in the category float layer'),
  }),
);

export const classificationSchema = z
  .object({ data: z.array(categoryNodeSchema).min(1).describe('Top-level nodes; the store uses the first 4') })
  .describe('The category tree of one language');
export type Classification = z.infer<typeof classificationSchema>;

export const tickerConfigSchema = z.object({
  type: z.string(),
  closeButton: yesNo,
  pcText: z.string(),
  linkFlag: yesNo,
  pcLink: z.string().default(''),
  displayFlag: yesNo,
});
export const tickerSchema = z
  .object({ web: z.record(z.string(), tickerConfigSchema).describe('Ticker configs keyed by ticker group code (A, B, C)') })
  .describe('Announcement tickers of one language');

export const languageConfigSchema = z
  .object({
    liveLink: z.string().default(''),
    liveStationIcon: z.string().default(''),
    liveCopywriting: z.string().default(''),
    liveProgress: z.string().default(''),
    balloonTips: z.string().default('').describe('Text of the balloon tip above the category icon'),
  })
  .describe('Per-language header settings: live broadcast banner and balloon tip');

export const switchConfigSchema = z
  .object({
    collectionSwitch: yesNo.describe('Y enables the wishlist'),
    tailorServiceSwitch: yesNo.describe('Y enables hem-length alteration'),
    hemDeliveryType: z.array(z.string()).describe('Allowed distributionType_hemType combinations'),
    caseServiceSwitch: yesNo.describe('Y enables gift wrapping'),
    caseDeliveryType: z.array(z.string()),
    liveStartTime: timestamp,
    liveEndTime: timestamp,
    liveDisplayClient: z.string().default(''),
    recopfSwitch: yesNo,
    certonaSwitch: yesNo,
    pPopupType: z.enum(['email', 'custom', 'none']),
    memberPrivacySwitch: yesNo
      .default('N')
      .describe(
        'Y shows the privacy notice (member-texts privacyNotice) on home, product detail, cart, account info, payment settlement, login and register',
      ),
    popupEmailBindsMember: yesNo
      .default('N')
      .describe(
        "Y: the email pop-up saves a signed-in member's address to their own subscriptions, every category N, instead of mailing a confirmation",
      ),
    isPeakPromotion: yesNo.describe('Y while a peak promotion runs (traffic protection on)'),
    associativeSearchSwitch: yesNo.default('Y').describe('Y requests search suggestions while typing'),
    customerServiceSwitch: yesNo.default('Y').describe('Y shows the customer-service chat link'),
    desensitizeSwitch: yesNo
      .default('Y')
      .describe(
        "Y masks mobile numbers shown on account, order and checkout pages: the member's own and the receivers' (the edit form keeps the number)",
      ),
    mobileMaskLeadingDigits: z
      .number()
      .int()
      .min(0)
      .max(6)
      .default(3)
      .describe('Leading digits a masked mobile number keeps (the last 4 for +86, else 2, are kept too)'),
    hiddenOrderStatuses: z
      .array(z.enum(ORDER_STATUSES))
      .default(['WAIT_BACK', 'WAIT_CONFIRM'])
      .describe('Order statuses without a tab of their own in the order list (their orders still show under All)'),
    hiddenRefundStatuses: z
      .array(z.enum(REFUND_STATUSES))
      .default(['BUYER_UNCONFIRMED', 'SELLER_CONFIRMED', 'CONFIRM_RETURNED_STORE', 'WAIT_RETURN_STORE', 'PART_REFUND_FAILURE'])
      .describe('Refund statuses left out of the refund filter (their refunds still show under All)'),
    RestrictPriceGroup: z.array(z.string()).default([]).describe('Price groups shown in red'),
    VaryPriceGroup: z.array(z.string()).default([]).describe('Price groups shown in red'),
    ManualPriceGroup: z.array(z.string()).default([]).describe('Shown red when the two prices differ'),
  })
  .describe('Global promotion and feature switches');
export const productCornerSchema = z
  .object({
    soldOut: z.object({ imageUrl: mediaUrl, position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']) }),
    marks: z.record(
      z.string(),
      z.object({ imageUrl: mediaUrl, position: z.enum(['top-left', 'top-right', 'bottom-left', 'bottom-right']) }),
    ),
  })
  .describe('Corner marks on product images: the sold-out mark and marks by cornerCode');

export const genderRecommendationSchema = z
  .object({ genders: z.array(z.object({ gender: z.string(), title: z.string(), productCodes: z.array(z.string()) })) })
  .describe('Recommended products per gender');

export const searchWordsSchema = z
  .record(z.string(), z.object({ pcLink: link }))
  .describe('Specified search words: a word with a PC link goes there instead of the search page');

export const popupSchema = z
  .object({
    pPopupType: z.enum(['email', 'custom', 'none']),
    customStartTime: timestamp,
    customEndTime: timestamp,
    pCustomContent: z.string().default(''),
  })
  .describe('The email or custom promotion popup on home');

export const productPageSchema = z
  .object({
    productPageCode: z.string().min(1),
    updatedAt: moment,
    components: z.array(componentSchema),
  })
  .describe('CMS content shown on product-detail pages that carry this productPageCode');

export const returnNoticeSchema = z
  .object({
    Y: z.string().describe('Returnable without a reason'),
    N: z.string().describe('Not returnable without a reason'),
    ONLY_EXCHANGE_NOT_RETREAT: z.string().describe('Exchange only'),
  })
  .describe("The no-reason-return notice of product pages, keyed by the product's noReasonToReturnFlag");

const textSectionSchema = z.object({
  title: z.string().min(1),
  paragraphs: z.array(z.string().min(1)).min(1).describe('Plain text, one paragraph each; no HTML'),
});

export const expressCompaniesSchema = z
  .object({
    companies: z
      .array(z.object({ code: z.string().regex(/^[A-Z0-9_]{2,20}$/), name: z.string().min(1) }))
      .min(1)
      .describe('The couriers a member can name when sending goods back, in list order'),
  })
  .describe('Express company codes of one language');

export const memberTextsSchema = z
  .object({
    cancellationClause: textSectionSchema.describe('The terms a member agrees to before closing the account'),
    recycleProgramme: textSectionSchema.describe('How the old-clothes recycling programme works and what it earns'),
    privacyNotice: textSectionSchema.describe('The member-privacy pop-up: how members’ personal data is used, in short'),
  })
  .describe("Editors' texts of the member's account pages");

// ---------------------------------------------------------------------------------------
// Press releases (a list, a list per year, each release at {year}/{month}/post{id}.html)

const pressBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string().min(1).describe('Plain text; no HTML') }),
  z.object({ type: z.literal('heading'), text: z.string().min(1) }),
  z.object({ type: z.literal('quote'), text: z.string().min(1), cite: z.string().default('').describe('Who said it') }),
  z.object({
    type: z.literal('image'),
    url: mediaUrl,
    alt: z.string().min(1).describe('Alt text: required, the release is read by search engines and screen readers'),
    caption: z.string().default(''),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
]);

export const pressSummarySchema = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'must be digits: it becomes post{id}.html')
    .describe('Release id, the same in every language'),
  title: z.string().min(1).describe('Headline'),
  summary: z.string().min(1).describe('One or two sentences: list pages, meta description, feeds'),
  publishedAt: moment.describe('Publication moment (ms); its year and month (brand time, UTC+8) form the URL'),
  updatedAt: moment.describe('Last edit (ms): dateModified, sitemap lastmod'),
  imageUrl: mediaUrl.describe('Lead image, 1200×630 or larger (Open Graph and NewsArticle image)'),
  imageAlt: z.string().min(1),
  imageWidth: z.number().int().positive(),
  imageHeight: z.number().int().positive(),
});
export type PressSummary = z.infer<typeof pressSummarySchema>;

/** Refuses a list whose items repeat a key, at each repeat: `list` and `key` name where it is. */
function refuseRepeats<K extends string, T extends Record<K, string>>(
  ctx: z.RefinementCtx,
  items: readonly T[],
  [list, key]: [string, K],
  what: string,
): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item[key])) ctx.addIssue({ code: 'custom', path: [list, i, key], message: `duplicate ${what} "${item[key]}"` });
    seen.add(item[key]);
  });
}

export const pressIndexSchema = z
  .object({ releases: z.array(pressSummarySchema).describe('Every published release of the language, any order') })
  .superRefine((index, ctx) => {
    refuseRepeats(ctx, index.releases, ['releases', 'id'], 'release id');
  })
  .describe('The press-release list of one language');

export const pressReleaseSchema = pressSummarySchema
  .extend({
    location: z.string().default('').describe('Dateline place, e.g. 台北 / Taipei'),
    body: z.array(pressBlockSchema).min(1).describe('The release, in order'),
  })
  .describe('One press release in one language');
export type PressRelease = z.infer<typeof pressReleaseSchema>;
export type PressBlock = z.infer<typeof pressBlockSchema>;

// ---------------------------------------------------------------------------------------
// Shops (the list at /shop/shop_list.html, one shop at /shop/shop.html)

export const shopSchema = z.object({
  code: z.string().regex(SHOP_CODE_PATTERN, 'must be 3-12 capitals or digits').describe('Shop code: storeCode of the all-wares search'),
  name: z.string().min(1),
  region: z.string().min(1).describe('Region heading of the list, e.g. 台北市 / Hong Kong Island'),
  salesRegion: z
    .enum(REGIONS)
    .optional()
    .describe(
      "The store's region the shop sells in (TW, HK, MO, CN): checkout's store pickup offers it on that region's pages; absent, it is not offered",
    ),
  address: z.string().min(1),
  phone: z.string().default(''),
  openingHours: z.string().min(1).describe('As shown, e.g. 11:00–21:30'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  imageUrl: mediaUrl.optional(),
  services: z.array(z.string().min(1)).default([]).describe('Shown as tags, e.g. hemming, pickup'),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopsSchema = z
  .object({ shops: z.array(shopSchema).describe('In list order') })
  .superRefine((doc, ctx) => refuseRepeats(ctx, doc.shops, ['shops', 'code'], 'shop code'))
  .describe('The shops of one language');

// ---------------------------------------------------------------------------------------
// Styling looks (official at /official-styling-detail.html, staff at /staff-styling-detail.html,
// each chosen by ?styleId=)

export const wornProductSchema = z.object({
  productCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a product code of the catalogue')
    .describe('A product of the catalogue the look wears; shown with its price and add to cart'),
  colorNo: z.string().min(1).optional().describe("The colour worn (the product's colorNo); absent: the product's first colour"),
});

/** What both kinds of look carry. */
const lookFields = {
  title: z.string().min(1).describe('Heading of the look and its page title'),
  description: z.string().default('').describe('A few lines about the look'),
  imageOriginal: mediaUrl.describe("The look's main picture at full size (portrait, 3:4)"),
  images: z.array(mediaUrl).default([]).describe('More pictures of the look (details, back view), in order, same ratio'),
  products: z
    .array(wornProductSchema)
    .min(1, 'a look wears at least one product')
    .describe('What the look wears, in the order shown')
    .superRefine((products, ctx) => {
      const seen = new Set<string>();
      products.forEach((p, i) => {
        if (seen.has(p.productCode))
          ctx.addIssue({ code: 'custom', path: [i, 'productCode'], message: `duplicate product "${p.productCode}"` });
        seen.add(p.productCode);
      });
    }),
};

export const officialLookSchema = z.object({
  styleId: z
    .string()
    .regex(
      OFFICIAL_STYLE_ID_PATTERN,
      `must be ${OFFICIAL_LOOK_ID_MIN_LENGTH}-${STYLE_ID_MAX_LENGTH} capitals or digits (an official look id has ${OFFICIAL_LOOK_ID_MIN_LENGTH} or more characters)`,
    )
    .describe(`Official look id: ${OFFICIAL_LOOK_ID_MIN_LENGTH} or more capitals or digits, the styleId of its page`),
  ...lookFields,
});
export type OfficialLook = z.infer<typeof officialLookSchema>;

export const officialStylingSchema = z
  .object({ looks: z.array(officialLookSchema).describe('In the order the look pages list them') })
  .superRefine((doc, ctx) => refuseRepeats(ctx, doc.looks, ['looks', 'styleId'], 'look id'))
  .describe("Official styling: the brand's looks of one language");

export const staffLookSchema = z.object({
  styleId: z
    .string()
    .regex(
      STAFF_STYLE_ID_PATTERN,
      `must be 1-${OFFICIAL_LOOK_ID_MIN_LENGTH - 1} capitals or digits (a staff look id is shorter than an official one)`,
    )
    .describe(`Staff look id: fewer than ${OFFICIAL_LOOK_ID_MIN_LENGTH} capitals or digits, the styleId of its page`),
  ...lookFields,
  staffName: z.string().min(1).describe('The member of staff wearing the look'),
  shopCode: z.string().regex(SHOP_CODE_PATTERN).optional().describe('The shop they work at (a shop of the shops document), linked'),
  heightCm: z.number().int().min(50).max(250).optional().describe("The wearer's height, so shoppers can judge the fit"),
});
export type StaffLook = z.infer<typeof staffLookSchema>;

export const staffStylingPageSchema = z
  .object({
    total_result_count: z.number().int().nonnegative().describe('Staff looks in all pages'),
    result_count: z.number().int().nonnegative().describe('Looks on this page; every page but the last is as full as page 1'),
    page: z.number().int().positive().describe('This page, from 1'),
    content_list: z.array(staffLookSchema).describe('The looks of this page, in list order'),
  })
  .superRefine((doc, ctx) => {
    if (doc.result_count !== doc.content_list.length)
      ctx.addIssue({
        code: 'custom',
        path: ['result_count'],
        message: `says ${doc.result_count} looks but content_list has ${doc.content_list.length}`,
      });
    refuseRepeats(ctx, doc.content_list, ['content_list', 'styleId'], 'look id');
  })
  .describe('staffStyling: one page of the staff looks of one language');
export type StaffStylingPage = z.infer<typeof staffStylingPageSchema>;

export const subscribeListSchema = z
  .object({
    categories: z
      .array(z.object({ value: z.string().regex(/^[A-Z0-9_]{2,40}$/), label: z.string().min(1) }))
      .min(1)
      .describe('What a member may subscribe to, in list order; value is the key of the subscription save payload'),
  })
  .superRefine((doc, ctx) => refuseRepeats(ctx, doc.categories, ['categories', 'value'], 'category'))
  .describe("The newsletter's subscription categories of one language");

/** Documents shared by every page of a language: a change to one rebuilds them all. */
export const SHARED_DOCUMENTS = {
  config: cmsConfigSchema,
  classification: classificationSchema,
  ticker: tickerSchema,
  'language-config': languageConfigSchema,
  'product-corner': productCornerSchema,
  'gender-recommendation': genderRecommendationSchema,
  'search-words': searchWordsSchema,
  popup: popupSchema,
  'return-notice': returnNoticeSchema,
  'member-texts': memberTextsSchema,
  'express-companies': expressCompaniesSchema,
  'subscribe-list': subscribeListSchema,
} as const;
export type SharedDocumentName = keyof typeof SHARED_DOCUMENTS;
