/**
 * The category tree: groups (tplt 3) and leaves (tplt 4). The last leaf of each gender has no
 * components of its own and inherits its group's content.
 */
import { fill } from '../copy.ts';
import { TAXONOMY, type GenderNode, type GroupNode, type LeafNode } from '../taxonomy.ts';
import {
  basePlan,
  esc,
  heroBanner,
  html,
  idMaker,
  landingCode,
  productList,
  type LangContext,
  type PagePlan,
  type PlanInput,
} from './page-kit.ts';

const categoryTitle = (ctx: LangContext, g: GenderNode, name: string) =>
  fill(ctx.copy.categoryTitle, { gender: ctx.copy.genderPrefix[g.gender], name });

export function categoryPlans({ sample, images }: PlanInput): PagePlan[] {
  const { byGroup, byLeaf } = sample;
  const { groupBanner } = images;
  const plans: PagePlan[] = [];
  for (const g of TAXONOMY) {
    const lastGroup = g.groups[g.groups.length - 1] as GroupNode;
    const inheritingLeaf = lastGroup.leaves[lastGroup.leaves.length - 1] as LeafNode;
    for (const group of g.groups) {
      plans.push({
        ...basePlan,
        code: group.code,
        path: `/c/${group.code}.html`,
        tplt: 3,
        superCode: landingCode(g),
        build: (ctx) => {
          const id = idMaker(group.code);
          const name = ctx.copy.groups[group.code];
          const title = categoryTitle(ctx, g, name);
          return {
            title,
            description: fill(ctx.copy.categoryDescription, { gender: ctx.copy.genderPrefix[g.gender], name }),
            components: [
              heroBanner(
                id('bannerList'),
                groupBanner.get(group.code) as string,
                fill(ctx.copy.categoryBannerAlt, { gender: ctx.copy.genderPrefix[g.gender], name }),
                undefined,
                4,
              ),
              productList(id('productList'), fill(ctx.copy.sections.categoryProducts, { name: title }), byGroup(group.code), ctx),
              html(id('customContent'), fill(ctx.copy.editorial.category, { name: esc(title) })),
            ],
          };
        },
      });
      for (const leaf of group.leaves) {
        const inherits = leaf === inheritingLeaf;
        plans.push({
          ...basePlan,
          code: leaf.code,
          path: `/c/${leaf.code}.html`,
          tplt: 4,
          superCode: group.code,
          build: (ctx) => {
            const id = idMaker(leaf.code);
            const name = ctx.copy.categories[leaf.code];
            const title = categoryTitle(ctx, g, name);
            return {
              title,
              description: fill(ctx.copy.categoryDescription, { gender: ctx.copy.genderPrefix[g.gender], name }),
              components: inherits
                ? []
                : [
                    heroBanner(
                      id('bannerList'),
                      groupBanner.get(group.code) as string,
                      fill(ctx.copy.categoryBannerAlt, { gender: ctx.copy.genderPrefix[g.gender], name }),
                      undefined,
                      4,
                    ),
                    productList(id('productList'), fill(ctx.copy.sections.categoryProducts, { name: title }), byLeaf(leaf.code), ctx),
                  ],
            };
          },
        });
      }
    }
  }
  return plans;
}
