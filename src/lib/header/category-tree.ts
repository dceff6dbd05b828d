/**
 * The header's category tree: the first CMS classification nodes as tabs, each with its
 * sub-categories. Every page renders the tabs themselves (plain links); the whole tree, the
 * same for every page of a language, is one JSON file the browser caches
 * (`categoryTreeUrl`), fetched when the shopper reaches for the header, not repeated in each page.
 */
export interface CategoryTab {
  id: string;
  title: string;
  href: string;
  /** A top-level tab's pictures in its layer, from its page; none below the tabs. */
  promos?: CategoryPromo[] | undefined;
  children: CategoryTab[];
}

/**
 * A linked picture of a tab's layer, which shows its tab's page content
 * (tests/unit/category-layer-promos.test.ts). The campaign slides and
 * banners of the tab's CMS page, or the tab's own picture when its page has none.
 */
export interface CategoryPromo {
  src: string;
  href: string;
  /** The caption shown under the picture, which names the link. */
  label: string;
  width: number;
  height: number;
}

/** A tab as every page carries it: the link, without the tree below it. */
export type CategoryLink = Pick<CategoryTab, 'id' | 'title' | 'href'>;

export const categoryTreeUrl = (languageCode: string) => `/header-data/${languageCode}/categories.json`;
