/** Benchmark pages: /feature/scale-{n}.html, added until the site has `scale` pages per language. */
import { fill } from '../copy.ts';
import { basePlan, esc, heroBanner, html, idMaker, productList, type PagePlan, type PlanInput } from './page-kit.ts';

export function scalePlans({ sample }: PlanInput, basePageCount: number, scale: number): PagePlan[] {
  const { listable, pick, images } = sample;
  const plans: PagePlan[] = [];
  // The heroes are reused in the order they were first drawn.
  const reusableHeroes = [...images.values()].filter((job) => job.width === 1920 && job.height === 800).map((job) => job.path);
  for (let n = 1; basePageCount + n - 1 < scale; n++) {
    const code = `SCALE-${n}`;
    const hero = reusableHeroes[n % reusableHeroes.length] as string;
    const products = pick(code, listable, 8);
    plans.push({
      ...basePlan,
      code,
      path: `/feature/scale-${n}.html`,
      tplt: 5,
      build: (ctx) => {
        const id = idMaker(code);
        const copy = ctx.copy.scale;
        return {
          title: fill(copy.title, { n }),
          description: fill(copy.description, { n }),
          components: [
            heroBanner(id('bannerList'), hero, fill(copy.headline, { n })),
            productList(id('productList'), ctx.copy.sections.featured, products, ctx),
            html(id('customContent'), `<h2>${esc(fill(copy.headline, { n }))}</h2>${copy.body}`),
          ],
        };
      },
    });
  }
  return plans;
}
