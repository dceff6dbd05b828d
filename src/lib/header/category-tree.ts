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
  imgUrl?: string | undefined;
  children: CategoryTab[];
}

/** A tab as every page carries it: the link, without the tree below it. */
export type CategoryLink = Pick<CategoryTab, 'id' | 'title' | 'href'>;

export const categoryTreeUrl = (languageCode: string) => `/header-data/${languageCode}/categories.json`;
