import { describe, expect, it } from 'vitest';
import { shopsSchema } from '../../src/lib/cms/schema.ts';
import { EARTH_RADIUS_METRES, byDistance, distanceMetres, formatDistance } from '../../src/lib/shops/distance.ts';
import { mapUrl, telHref } from '../../src/lib/shops/links.ts';
import { shopPagePath } from '../../src/lib/shops/paths.ts';
import { groupByRegion } from '../../src/lib/shops/regions.ts';
import { SHOP_CHOICE_SCRIPT, SHOP_TITLES_ID } from '../../src/lib/shops/shop-choice.ts';
import { shopsJsonLd } from '../../src/lib/shops/structured-data.ts';
import { scriptJson } from '../../src/lib/script-json.ts';
import { miniShops } from '../fixtures/mini-cms.ts';

const shops = shopsSchema.parse({ shops: miniShops() }).shops;

describe('distance', () => {
  it('is the haversine distance of the Rosetta Code reference pair (BNA to LAX), scaled to our Earth radius', () => {
    // Rosetta Code's "Haversine formula": 2887.2599506071106 km with R = 6372.8 km.
    const bna = { latitude: 36.12, longitude: -86.67 };
    const lax = { latitude: 33.94, longitude: -118.4 };
    expect(distanceMetres(bna, lax)).toBeCloseTo((2887259.950607111 * EARTH_RADIUS_METRES) / 6372800, 0);
    expect(distanceMetres(lax, bna)).toBeCloseTo(distanceMetres(bna, lax), 6);
  });

  it('one minute of arc along the equator is 1/21600 of the circumference', () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 / 60 })).toBeCloseTo(
      (2 * Math.PI * EARTH_RADIUS_METRES) / 21600,
      3,
    );
  });

  it('is 0 from a place to itself and half the circumference to its antipode (no NaN)', () => {
    expect(distanceMetres(shops[0]!, shops[0]!)).toBe(0);
    expect(distanceMetres({ latitude: 25, longitude: 121 }, { latitude: -25, longitude: -59 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_METRES,
      0,
    );
  });
});

describe('formatDistance: metres under 1000, then kilometres with one decimal', () => {
  it.each([
    [0, '0 m'],
    [0.4, '0 m'],
    [850, '850 m'],
    [999, '999 m'],
    [999.4, '999 m'],
    // Rounded to whole metres first: 999.5 m and 999.6 m are 1000 m, so kilometres.
    [999.5, '1.0 km'],
    [999.6, '1.0 km'],
    [1000, '1.0 km'],
    [1049, '1.0 km'],
    [1049.4, '1.0 km'],
    [1049.5, '1.1 km'],
    [1050, '1.1 km'],
    [1149, '1.1 km'],
    // (1.15).toFixed(1) is "1.1" and (12.35).toFixed(1) is "12.3": the tenths are counted in integers instead.
    [1150, '1.2 km'],
    [12345, '12.3 km'],
    [12350, '12.4 km'],
    [99_949, '99.9 km'],
    [99_950, '100.0 km'],
    [1_234_567, '1,234.6 km'],
  ])('%d m is "%s" in en-GB', (metres, shown) => {
    expect(formatDistance(metres, 'en-GB')).toBe(shown);
  });

  it("uses each language's own units", () => {
    expect(formatDistance(850, 'zh-TW')).toBe('850 公尺');
    expect(formatDistance(1234, 'zh-TW')).toBe('1.2 公里');
    expect(formatDistance(850, 'zh-HK')).toBe('850 米');
    expect(formatDistance(1234, 'zh-HK')).toBe('1.2 公里');
  });

  it('refuses what is not a distance', () => {
    expect(() => formatDistance(-1, 'en-GB')).toThrow(RangeError);
    expect(() => formatDistance(Number.NaN, 'en-GB')).toThrow(RangeError);
    expect(() => formatDistance(Number.POSITIVE_INFINITY, 'en-GB')).toThrow(RangeError);
  });
});

describe('byDistance', () => {
  it('orders places nearest first with their distances, equal distances in their given order', () => {
    const here = { latitude: 22.28, longitude: 114.18 };
    const far = { name: 'far', latitude: 25.03, longitude: 121.56 };
    const near = { name: 'near', latitude: 22.281, longitude: 114.18 };
    const alsoNear = { name: 'also near', latitude: 22.281, longitude: 114.18 };
    const sorted = byDistance([far, near, alsoNear], here);
    expect(sorted.map((s) => s.place.name)).toEqual(['near', 'also near', 'far']);
    expect(sorted[0]!.metres).toBeCloseTo(distanceMetres(here, near), 6);
    expect(sorted[0]!.metres).toBeLessThan(120);
    expect(sorted[2]!.metres).toBeGreaterThan(700_000);
  });
});

describe('shop links', () => {
  it('dials only digits and a leading +', () => {
    expect(telHref('02-2720-0001')).toBe('tel:0227200001');
    expect(telHref('+852 2345 6789')).toBe('tel:+85223456789');
    expect(telHref(' (02) 2720 0001 ')).toBe('tel:0227200001');
    expect(telHref('')).toBeNull();
    expect(telHref('—')).toBeNull();
  });

  it('opens the map on the shop', () => {
    expect(mapUrl(shops[0]!)).toBe('https://www.openstreetmap.org/?mlat=25.0359&mlon=121.5674#map=17/25.0359/121.5674');
  });

  it('names the shop in its page address', () => {
    expect(shopPagePath('TPE01')).toBe('/shop/TPE01.html');
  });
});

describe('groupByRegion', () => {
  it('keeps regions in order of their first shop and shops in list order', () => {
    const [taipei, hongKong] = shops;
    const another = { ...taipei!, code: 'TPE02', name: 'Taipei Station' };
    const groups = groupByRegion([taipei!, hongKong!, another]);
    expect(groups.map((g) => [g.region, g.id, g.shops.map((s) => s.code)])).toEqual([
      ['Taipei', 'region-1', ['TPE01', 'TPE02']],
      ['Hong Kong Island', 'region-2', ['HKG01']],
    ]);
  });
});

describe('structured data', () => {
  it('describes each shop as a ClothingStore', () => {
    const data = shopsJsonLd(shops, {
      page: (s) => `https://linea.example/shop/shop.html?storeCode=${s.code}`,
      image: () => undefined,
    }) as { '@graph': Array<Record<string, unknown>> };
    expect(data['@graph'][0]).toEqual({
      '@type': 'ClothingStore',
      '@id': 'https://linea.example/shop/shop.html?storeCode=TPE01',
      url: 'https://linea.example/shop/shop.html?storeCode=TPE01',
      name: 'Taipei Xinyi',
      address: { '@type': 'PostalAddress', streetAddress: '1 Songshou Rd, Xinyi', addressRegion: 'Taipei' },
      telephone: '02-2720-0001',
      geo: { '@type': 'GeoCoordinates', latitude: 25.0359, longitude: 121.5674 },
      openingHours: '11:00–21:30',
    });
    expect(data['@graph'][1]).not.toHaveProperty('telephone'); // no phone in the CMS
  });

  it('cannot close its script element', () => {
    const text = scriptJson({ name: '</script><script>alert(1)</script><!--' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!--' });
  });
});

describe('the shop page choice script', () => {
  function run(search: string) {
    const attributes: Record<string, string> = {};
    const styles: string[] = [];
    const document = {
      title: 'Shop details | LINEA',
      documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
      getElementById: (id: string) =>
        id === SHOP_TITLES_ID ? { textContent: JSON.stringify({ TPE01: 'Taipei Xinyi | LINEA', HKG01: 'Causeway Bay | LINEA' }) } : null,
      // The rule goes through the CSS object model, never a <style> element (the CSP allows none).
      adoptedStyleSheets: [] as string[],
    };
    class CSSStyleSheet {
      replaceSync(rule: string) {
        styles.push(rule);
      }
    }
    new Function('location', 'document', 'CSSStyleSheet', SHOP_CHOICE_SCRIPT)({ search }, document, CSSStyleSheet);
    return { choice: attributes['data-shop-choice'], title: document.title, styles };
  }

  it('shows the shop the query names, in any letter case, and names it in the title', () => {
    expect(run('?storeCode=HKG01')).toEqual({
      choice: 'HKG01',
      title: 'Causeway Bay | LINEA',
      styles: ['[data-shop-detail]:not([data-shop-detail="HKG01"]){display:none}'],
    });
    expect(run('?storeCode=%20tpe01%20').choice).toBe('TPE01');
  });

  it('marks a missing or unknown code, and never writes it into a style rule', () => {
    for (const search of ['', '?storeCode=', '?storeCode=XX99', '?storeCode=__proto__', '?storeCode="]{}*{display:none']) {
      expect(run(search)).toEqual({ choice: '', title: 'Shop details | LINEA', styles: [] });
    }
  });
});
