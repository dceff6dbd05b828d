/**
 * The values the commerce contract states that code outside it reads too: the product page's
 * quantity cap, the wishlist's listable approvals, the search sorts, the captcha token's length.
 * They sit below the contract (this module imports nothing), so the contract depends on no
 * feature code and the header's stores read them without loading zod or the schemas.
 */

/** The most of one SKU a cart line takes. */
export const MAX_QUANTITY_PER_LINE = 99;

/** A product a member may keep in the wishlist has one of these approvals (and enabledFlag Y). */
export const WISH_VALID_APPROVALS = ['LIST', 'AUTOLIST', 'BE_GOING_TO_LIST'] as const;

/** The sorts the commerce API's search accepts. */
export const SEARCH_SORTS = ['relevance', 'priceAsc', 'priceDesc', 'newest'] as const;

/** Providers' captcha tokens run to a few kilobytes; anything longer is not one. */
export const CAPTCHA_TOKEN_MAX_LENGTH = 4096;
