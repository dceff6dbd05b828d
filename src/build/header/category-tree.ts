/** The header's category tree of a language (lib/header/category-tree.ts), from its CMS classification. */
import { topLevelCategories } from '../../lib/cms/classification.ts';
import { withResizeSuffix } from '../../lib/cms/image-url.ts';
import { localizedPath } from '../../lib/cms/pages.ts';
import type { CategoryNode, Classification } from '../../lib/cms/schema.ts';
import type { CategoryTab } from '../../lib/header/category-tree.ts';
import type { LanguageDefinition } from '../../lib/i18n/languages.ts';

/** Each classification's trees by language: every page's header asks for its language's. */
const built = new WeakMap<Classification, Map<string, readonly CategoryTab[]>>();

/** The tree, built once per classification and language; read-only, as every page shares it. */
export function categoryTree(language: LanguageDefinition, classification: Classification): readonly CategoryTab[] {
  let trees = built.get(classification);
  if (!trees) built.set(classification, (trees = new Map()));
  let tree = trees.get(language.code);
  if (!tree) trees.set(language.code, (tree = buildTree(language, classification)));
  return tree;
}

function buildTree(language: LanguageDefinition, classification: Classification): CategoryTab[] {
  const toTab = (node: CategoryNode): CategoryTab => ({
    id: node.classifyId,
    title: node.title,
    href: localizedPath(language, node.link),
    imgUrl: node.imgUrl ? withResizeSuffix(node.imgUrl, '640-800') : undefined,
    children: [...node.childData].sort((a, b) => a.sort - b.sort).map(toTab),
  });
  return topLevelCategories(classification).map(toTab);
}
