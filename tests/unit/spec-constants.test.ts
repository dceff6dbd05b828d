/**
 * The business constants, each against the figure the behaviour calls for: a behaviour test that
 * uses a constant on both sides would pass whatever it became, so the values are pinned here.
 */
import { describe, expect, it } from 'vitest';
import * as constants from '../../src/lib/constants.ts';
import { topLevelCategories } from '../../src/lib/cms/classification.ts';
import type { CategoryNode } from '../../src/lib/cms/schema.ts';

describe('business constants', () => {
  it.each<[string, number | string, string]>([
    ['SEARCH_SUGGESTION_DEBOUNCE_MS', 500, 'Search suggestion debounce 500 ms'],
    ['RECOMMENDED_WORDS_SHOWN', 7, 'recommended words shown 7'],
    ['SEARCH_HISTORY_MAX', 10, 'search history 10 words'],
    ['SEARCH_BOX_HEIGHT_PX', 44, 'Search box height 44'],
    ['PRODUCT_CODE_BATCH_DELAY_MS', 200, 'Product-code batching delay 200 ms'],
    ['WISH_LIST_MAX_FETCHES', 5, 'wish list fetched at most 5 times'],
    ['MINI_CART_MAX_LINES', 3, 'Mini cart: 3 lines'],
    ['MINI_CART_OPEN_DELAY_MS', 500, 'open delay 500 ms'],
    ['MINI_CART_CLOSE_DELAY_MS', 100, 'close delay 100 ms'],
    ['MINI_CART_WIDTH_PX', 812, 'width 812 px'],
    ['CATEGORY_LAYER_HOVER_DELAY_MS', 300, 'Category layer hover delay 300 ms'],
    ['ACCOUNT_POPUP_CLOSE_DELAY_MS', 100, 'account pop-up close delay 100 ms'],
    ['BALLOON_TIP_DURATION_MS', 6000, 'balloon tip 6000 ms'],
    ['CUSTOMER_TIP_SHOW_AT_MS', 500, 'customer tip appears at 500 ms'],
    ['CUSTOMER_TIP_HIDE_AT_MS', 8500, 'and hides at 8500 ms'],
    ['CLASSIFICATION_MAX_ITEMS', 4, 'Classification list limited to 4 items'],
    ['DEFAULT_PAGE_HEADER_HEIGHT_PX', 64, 'default page header height 64 px'],
    ['IMAGE_VISIBILITY_MARGIN_PX', 600, 'Image visibility margin 600 px'],
    ['BADGE_OVERFLOW_COUNT', 99, 'Badge overflow count defaults to 99'],
    ['AUTOPLAY_CAROUSEL_DEFAULT_SPEED', 20, 'Autoplay carousel defaults: speed 20'],
    ['AUTOPLAY_CAROUSEL_DEFAULT_DIRECTION', 'left', 'direction left'],
    ['DEFAULT_IMAGE_RESIZE', '500-500', 'Image resize suffix default 500-500'],
    ['ANALYTICS_SDK_VERSION', '2.1.3', 'Analytics SDK version 2.1.3'],
    ['BUTTON_DEFAULT_HEIGHT_PX', 40, 'Button height default 40'],
    ['BUTTON_MAX_RADIUS_PX', 13.5, 'capped at 13.5'],
    ['PASSWORD_MIN_LENGTH', 8, 'Password 8-20 characters'],
    ['PASSWORD_MAX_LENGTH', 20, 'Password 8-20 characters'],
    ['ALPHANUMERIC_MIN_LENGTH', 6, 'alphanumeric 6-16'],
    ['ALPHANUMERIC_MAX_LENGTH', 16, 'alphanumeric 6-16'],
  ])('%s is %s (“%s”)', (name, value) => {
    expect((constants as Record<string, unknown>)[name]).toBe(value);
  });

  it('the header uses the first 4 top-level categories of the classification and ignores the rest', () => {
    const node = (id: string) => ({
      classifyId: id,
      title: id,
      sort: 1,
      type: 'GENDER',
      parentId: null,
      link: `/${id}.html`,
      childData: [],
    });
    const five = { data: ['women', 'men', 'kids', 'baby', 'home'].map(node) as unknown as CategoryNode[] };
    expect(topLevelCategories(five).map((n) => n.classifyId)).toEqual(['women', 'men', 'kids', 'baby']);
  });
});
