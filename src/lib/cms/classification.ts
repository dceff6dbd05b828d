/** The category tree of the CMS classification. */
import { CLASSIFICATION_MAX_ITEMS } from '../constants.ts';
import type { CategoryNode, Classification } from './schema.ts';

/** Only the first 4 top-level items are used; any further ones are ignored. */
export function topLevelCategories(classification: Classification): CategoryNode[] {
  return [...classification.data].slice(0, CLASSIFICATION_MAX_ITEMS);
}

/** The nodes from the top level down to the node whose page is `pageCode`, or [] when absent. */
export function categoryTrail(nodes: readonly CategoryNode[], pageCode: string): CategoryNode[] {
  for (const node of nodes) {
    if (node.pageInfo?.code === pageCode) return [node];
    const below = categoryTrail(node.childData, pageCode);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export function sortedChildren(node: CategoryNode): CategoryNode[] {
  return [...node.childData].sort((a, b) => a.sort - b.sort);
}
