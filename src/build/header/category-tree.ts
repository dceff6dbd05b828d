/** The header's category tree of a language (lib/header/category-tree.ts), from its CMS classification. */
import { topLevelCategories } from '../../lib/cms/classification.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import type { CategoryNode, Classification } from '../../lib/cms/schema.ts';
import type { CategoryTab } from '../../lib/header/category-tree.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';

export function categoryTree(language: LanguageDefinition, classification: Classification): CategoryTab[] {
  const toTab = (node: CategoryNode): CategoryTab => ({
    id: node.classifyId,
    title: node.title,
    href: localizedPath(language, node.link),
    imgUrl: node.imgUrl ? withResizeSuffix(node.imgUrl, '640-800') : undefined,
    children: [...node.childData].sort((a, b) => a.sort - b.sort).map(toTab),
  });
  return topLevelCategories(classification).map(toTab);
}
