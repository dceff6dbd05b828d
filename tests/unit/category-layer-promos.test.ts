import { describe, expect, it } from 'vitest';
import { LAYER_PROMOS, layerTree, pagePromos } from '../../src/node/header/category-tree.ts';
import { classificationSchema, componentSchema, type CmsComponent } from '../../src/lib/cms/schema.ts';
import { getLanguage } from '../../src/lib/i18n/languages.ts';

const english = getLanguage('en-GB');
const components = (raw: unknown[]): CmsComponent[] => raw.map((c) => componentSchema.parse(c));

const slide = (indexFlag: number, title: string, link?: string) => ({
  indexFlag,
  title,
  props: { coverUrl: `/media/campaigns/${indexFlag}.jpg`, alt: '', ...(link ? { link } : {}) },
});

const classification = classificationSchema.parse({
  data: [
    {
      classifyId: 'WOMEN',
      title: 'Women',
      sort: 1,
      type: 'GENDER',
      parentId: null,
      link: '/women.html',
      imgUrl: '/media/categories/WOMEN.jpg',
      pageInfo: { code: 'WOMEN', path: '/women.html' },
      childData: [{ classifyId: 'W01', title: 'Coats', sort: 1, type: 'GROUP', parentId: 'WOMEN', link: '/c/W01.html' }],
    },
    { classifyId: 'MEN', title: 'Men', sort: 2, type: 'GENDER', parentId: null, link: '/men.html', imgUrl: '/media/categories/MEN.jpg' },
  ],
});

describe("a tab's layer shows its page's content", () => {
  it("takes the page's carousel slides in their order, then its banners, linked in the page's language, at most 2", () => {
    expect(LAYER_PROMOS).toBe(2);
    const page = components([
      {
        type: 'carousel',
        id: 'kv',
        aspectRatio: 2.4,
        items: [slide(1, 'Linen season', '/c/W02.html'), slide(0, 'Soft knits', '/c/W01.html')],
      },
      {
        type: 'bannerList',
        id: 'b',
        orientation: 'horizontal',
        items: [{ link: '/c/W03.html', aspectRatio: 1, urlPath: '/media/b.jpg', linkName: 'Dresses' }],
      },
    ]);
    expect(pagePromos(english, '/en-gb/women.html', page)).toEqual([
      { src: '/media/campaigns/0.jpg_r-640-266', href: '/en-gb/c/W01.html', label: 'Soft knits', width: 320, height: 133 },
      { src: '/media/campaigns/1.jpg_r-640-266', href: '/en-gb/c/W02.html', label: 'Linen season', width: 320, height: 133 },
    ]);
  });

  it('leaves out pictures with no link or no name, and takes a video banner by its poster', () => {
    const page = components([
      {
        type: 'carousel',
        id: 'kv',
        aspectRatio: 2.4,
        items: [
          slide(0, 'No link'),
          slide(1, '   ', '/c/W01.html'),
          { ...slide(2, '  ', '//cdn.example/x.html'), props: { ...slide(2, '').props, link: '//cdn.example/x.html', alt: ' Film ' } },
        ],
      },
      {
        type: 'bannerList',
        id: 'b',
        orientation: 'vertical',
        items: [
          { link: '#new', aspectRatio: 1, media: 'Y', urlPath: '/media/film.mp4', posterPath: '/media/film.jpg', linkName: 'The film' },
          { link: 'https://lookbook.example/', aspectRatio: 0.5, urlPath: '/media/lb.jpg', linkName: 'Lookbook' },
        ],
      },
    ]);
    expect(pagePromos(english, '/en-gb/women.html', page)).toEqual([
      // A blank caption gives way to the alt; an address of another site ('//') stays as it is.
      { src: '/media/campaigns/2.jpg_r-640-266', href: '//cdn.example/x.html', label: 'Film', width: 320, height: 133 },
      // An anchor of the tab's page leads to that page, not to the page the layer opens over.
      { src: '/media/film.jpg_r-640-640', href: '/en-gb/women.html#new', label: 'The film', width: 320, height: 320 },
    ]);
  });

  it("asks for the tab's page in the layer's language, and shows the tab's own picture when that page has none or is not out", () => {
    const asked: string[] = [];
    const page = components([{ type: 'carousel', id: 'kv', aspectRatio: 2.4, items: [slide(0, 'Soft knits', '/c/W01.html')] }]);
    const [women, men] = layerTree(english, classification, (path) => {
      asked.push(path);
      return path === '/en-gb/women.html' ? page : undefined;
    });
    expect(asked).toEqual(['/en-gb/women.html']);
    expect(women!.promos!.map((p) => p.label)).toEqual(['Soft knits']);
    expect(women!.children.map((c) => c.href)).toEqual(['/en-gb/c/W01.html']);
    expect(men!.promos).toEqual([
      { src: '/media/categories/MEN.jpg_r-640-800', href: '/en-gb/men.html', label: 'Men', width: 320, height: 400 },
    ]);
    // The pictures and their anchors are the page's the classification names, wherever the tab links.
    const elsewhere = classificationSchema.parse({
      data: [{ ...classification.data[0]!, link: '/c/W01.html', pageInfo: { code: 'WOMEN-LAYER', path: '/women-layer.html' } }],
    });
    const anchored = components([
      {
        type: 'bannerList',
        id: 'b',
        orientation: 'vertical',
        items: [{ link: '#new', aspectRatio: 1, urlPath: '/media/b.jpg', linkName: 'New in' }],
      },
    ]);
    const [tab] = layerTree(english, elsewhere, (path) => (path === '/en-gb/women-layer.html' ? anchored : undefined));
    expect(tab!.href).toBe('/en-gb/c/W01.html');
    expect(tab!.promos!.map((p) => p.href)).toEqual(['/en-gb/women-layer.html#new']);
    const unpublished = layerTree(english, classification, () => undefined);
    expect(unpublished[0]!.promos).toEqual([
      { src: '/media/categories/WOMEN.jpg_r-640-800', href: '/en-gb/women.html', label: 'Women', width: 320, height: 400 },
    ]);
  });
});
