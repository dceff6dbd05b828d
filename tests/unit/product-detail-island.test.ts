/**
 * The product island's server render, as the pre-rendered product page carries it: the
 * sold-out corner mark sits where the CMS's corner configuration says (an image's stock flag N
 * shows a sold-out corner image whose position and path come from that configuration), hidden until live stock says the product is sold out.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ProductDetail, { type ProductDetailProps } from '../../src/islands/product/ProductDetail.tsx';
import { getLanguage } from '../../src/lib/i18n/languages.ts';
import { productDetail } from '../fixtures/product-detail.ts';

const english = getLanguage('en-GB');

function render(soldOut: { imageUrl: string; position: string }): string {
  const props: ProductDetailProps = {
    languageCode: english.code,
    prefix: '/en-gb',
    messages: { product: { soldOut: 'Sold out' } },
    currency: english.currency,
    switches: {
      RestrictPriceGroup: [],
      VaryPriceGroup: [],
      ManualPriceGroup: [],
      tailorServiceSwitch: 'N',
      hemDeliveryType: [],
      caseServiceSwitch: 'N',
      caseDeliveryType: [],
      collectionSwitch: 'Y',
    },
    corner: { soldOut, marks: {} },
    returnNotice: { Y: 'Returns within 30 days', N: 'No returns', ONLY_EXCHANGE_NOT_RETREAT: 'Exchange only' },
    sizeChartHref: '/en-gb/product-size-chart.html',
    titleTemplate: '{{name}} | LINEA',
    detail: productDetail('L450011', 'Pleated trousers'),
  };
  return renderToStaticMarkup(createElement(ProductDetail, props));
}

const soldOutMark = (html: string) => /<img[^>]*data-corner="sold-out"[^>]*>/.exec(html)?.[0] ?? '';

describe("the product page's sold-out corner mark", () => {
  it('takes its position and picture from the corner configuration, hidden until stock says sold out', () => {
    const topLeft = soldOutMark(render({ imageUrl: '/media/corner/sold-out.png', position: 'top-left' }));
    expect(topLeft).toContain('class="corner-mark corner-mark--top-left"');
    expect(topLeft).toContain('src="/media/corner/sold-out.png"');
    expect(topLeft).toContain('alt="Sold out"');
    expect(topLeft).toContain('hidden=""');
    const bottomRight = soldOutMark(render({ imageUrl: '/media/corner/gone.svg', position: 'bottom-right' }));
    expect(bottomRight).toContain('class="corner-mark corner-mark--bottom-right"');
    expect(bottomRight).toContain('src="/media/corner/gone.svg"');
  });
});
