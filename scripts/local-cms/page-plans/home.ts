/** The home page: campaign slides, the genders, recommendations, looks and groups. */
import { officialLookLink } from '../styling-looks.ts';
import { TAXONOMY } from '../taxonomy.ts';
import { basePlan, groupBannerItems, html, idMaker, productList, type PagePlan, type PlanInput, type SmallPictureIn } from './page-kit.ts';

export function homePlan({ sample, images }: PlanInput): PagePlan {
  const { byGender, pick } = sample;
  const { genderTile, groupImage, homeSlides, lookImages } = images;
  const homePicks = TAXONOMY.flatMap((g) => pick(`HOME-${g.gender}`, byGender(g.gender), 2));
  return {
    ...basePlan,
    code: 'HOME',
    path: '/index.html',
    tplt: 1,
    homepage: true,
    build: (ctx) => {
      const id = idMaker('HOME');
      const { copy } = ctx;
      return {
        title: copy.home.title,
        description: copy.home.description,
        background: { color: '#f7f4ee' },
        components: [
          {
            type: 'carousel',
            id: id('carousel'),
            aspectRatio: 2.4,
            items: copy.slides.HOME.map((slide, i) => ({
              indexFlag: i,
              title: slide.title,
              name: `home_kv_${i + 1}`,
              frequency: i + 1,
              props: {
                coverUrl: homeSlides[i] as string,
                alt: slide.alt,
                videoFlag: 'N',
                link: ['/c/W0101.html', '/feature/new-arrivals.html', '/kids.html'][i] as string,
                linkName: slide.linkName,
              },
            })),
          },
          {
            type: 'bannerList',
            id: id('bannerList'),
            orientation: 'horizontal',
            items: TAXONOMY.map((g, i) => ({
              link: g.landingPath,
              aspectRatio: 0.8,
              media: 'N',
              urlPath: genderTile.get(g.gender) as string,
              linkName: copy.genders[g.gender],
              frequency: i + 1,
            })),
          },
          productList(id('productList'), copy.sections.recommended, homePicks, ctx),
          {
            type: 'smallPictureCarousel',
            id: id('smallPictureCarousel'),
            title: copy.sections.styleNotes,
            buttonText: copy.buttons.discover,
            buttonLink: '/feature/lookbook.html',
            items: lookImages.map((image, i): SmallPictureIn => ({
              link: officialLookLink(i + 1),
              aspectRatio: 0.75,
              media: 'N',
              urlPath: image,
              picContent: copy.looks[i] ?? '',
              btnContent: copy.buttons.shopTheLook,
            })),
          },
          {
            type: 'autoCarousel',
            id: id('autoCarousel'),
            speed: 20,
            direction: 'left',
            itemAspectRatio: 1,
            items: groupBannerItems(
              TAXONOMY.flatMap((g) => g.groups.slice(0, 2)),
              groupImage,
              copy,
            ),
          },
          html(id('customContent'), copy.editorial.home),
        ],
      };
    },
  };
}
