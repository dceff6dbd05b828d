/** The size chart the product pages link to: editor content, a table per audience. */
import { basePlan, esc, html, type PagePlan } from './page-kit.ts';

const ADULT_SIZES: ReadonlyArray<readonly [string, number, number, number]> = [
  ['XS', 78, 62, 85],
  ['S', 82, 66, 89],
  ['M', 88, 72, 94],
  ['L', 94, 78, 99],
  ['XL', 100, 85, 104],
  ['XXL', 106, 92, 109],
];
const KIDS_SIZES = [100, 110, 120, 130, 140, 150, 160];

export function sizeChartPlan(): PagePlan {
  return {
    ...basePlan,
    tplt: 5,
    code: 'SIZE-CHART',
    path: '/product-size-chart.html',
    build: (ctx) => {
      const c = ctx.copy.sizeChart;
      const row = (cells: ReadonlyArray<string | number>, cell = 'td') =>
        `<tr>${cells.map((x) => `<${cell}>${esc(String(x))}</${cell}>`).join('')}</tr>`;
      const adults = `<h2>${esc(c.adults)}</h2><table class="size-chart"><thead>${row([c.size, c.chest, c.waist, c.hip], 'th')}</thead><tbody>${ADULT_SIZES.map((r) => row(r)).join('')}</tbody></table>`;
      const kids = `<h2>${esc(c.kids)}</h2><table class="size-chart"><thead>${row([c.size, c.height], 'th')}</thead><tbody>${KIDS_SIZES.map((h) => row([h, `${h - 5}–${h + 5}`])).join('')}</tbody></table>`;
      return {
        title: c.title,
        description: c.description,
        components: [
          html('SIZE-CHART-customContent-1', `<h1>${esc(c.title)}</h1><p>${esc(c.intro)}</p>${adults}${kids}`, 'size-chart-page'),
        ],
      };
    },
  };
}
