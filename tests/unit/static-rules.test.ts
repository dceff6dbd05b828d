import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { resolveStaticPath } from '../../src/lib/routing/static-rules.ts';

const files = new Set([
  '.routes.json',
  '.release.json',
  'en-gb/.x.html',
  'press/2026/index.html',
  '_redirects',
  '_headers',
  '_host/nginx-server.conf',
  'index.html',
  'index.html.br',
  'index.html.gz',
  '_astro/app.js.br',
  'women.html',
  'c/W01.html',
  'en-gb/index.html',
  'en-gb/women.html',
  'not-found.html',
  'en-gb/not-found.html',
  'product-detail.html',
  'product/L450011.html',
  'en-gb/product-detail.html',
  'en-gb/product/L450011.html',
  'shop/shop.html',
  'shop/TPE01.html',
  'en-gb/staff-styling-detail.html',
  'en-gb/staff-styling/ST101.html',
]);
const resolve = (path: string, search = '') => resolveStaticPath(path, search, (f) => files.has(f), LANGUAGES);

describe('static host rules', () => {
  it('serves files and folder indexes', () => {
    expect(resolve('/')).toEqual({ kind: 'file', file: 'index.html' });
    expect(resolve('/index.html')).toEqual({ kind: 'file', file: 'index.html' });
    expect(resolve('/c/W01.html')).toEqual({ kind: 'file', file: 'c/W01.html' });
    expect(resolve('/en-gb/')).toEqual({ kind: 'file', file: 'en-gb/index.html' });
  });
  it('adds the slash to a folder, keeping the query', () => {
    expect(resolve('/en-gb', '?a=1')).toEqual({ kind: 'redirect', status: 301, location: '/en-gb/?a=1' });
  });
  it('sends a shop or look named by query on the older page to its own page, and leaves any other value on the older page', () => {
    expect(resolve('/shop/shop.html', '?storeCode=TPE01&x=1')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/shop/TPE01.html?storeCode=TPE01&x=1',
    });
    expect(resolve('/en-gb/staff-styling-detail.html', '?styleId=ST101')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/en-gb/staff-styling/ST101.html?styleId=ST101',
    });
    // Lower case, an unknown code, an official id on the staff page, none: the older page, whose script says what it can.
    for (const [path, search] of [
      ['/shop/shop.html', '?storeCode=tpe01'],
      ['/shop/shop.html', '?storeCode=NOSUCH1'],
      ['/shop/shop.html', ''],
      ['/en-gb/staff-styling-detail.html', '?styleId=LK26AW01'],
    ] as const)
      expect(resolve(path, search), `${path}${search}`).toEqual({ kind: 'file', file: path.slice(1) });
  });
  it("serves the product address (/product-detail.html?productCode=) with the product's page, in its language", () => {
    expect(resolve('/product-detail.html', '?productCode=L450011&productId=undefined')).toEqual({
      kind: 'file',
      file: 'product/L450011.html',
    });
    expect(resolve('/en-gb/product-detail.html', '?productId=X&productCode=L450011')).toEqual({
      kind: 'file',
      file: 'en-gb/product/L450011.html',
    });
    // An unknown or malformed code is not found; no code is the shell.
    expect(resolve('/en-gb/product-detail.html', '?productCode=L999999')).toEqual({ kind: 'notFound', file: 'en-gb/not-found.html' });
    expect(resolve('/product-detail.html', '?productCode=..%2Fnot-found')).toEqual({ kind: 'notFound', file: 'not-found.html' });
    expect(resolve('/product-detail.html', '?productCode=')).toEqual({ kind: 'file', file: 'product-detail.html' });
    expect(resolve('/product-detail.html')).toEqual({ kind: 'file', file: 'product-detail.html' });
  });
  it('answers an unknown path 404 in place, with the not-found page of its language', () => {
    expect(resolve('/nope.html')).toEqual({ kind: 'notFound', file: 'not-found.html' });
    expect(resolve('/en-gb/nope.html')).toEqual({ kind: 'notFound', file: 'en-gb/not-found.html' });
    expect(resolve('/c/')).toEqual({ kind: 'notFound', file: 'not-found.html' });
  });
  it('redirects the phone variant of forget-password, in its language, keeping the query', () => {
    expect(resolve('/forget_password_phone.html', '?a=1')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/forget_password.html?a=1',
    });
    expect(resolve('/en-gb/forget_password_phone.html')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/en-gb/forget_password.html',
    });
  });
  it('redirects the underscore variant of the newsletter page, and a press year without its slash', () => {
    expect(resolve('/newsletter_subscription.html', '?src=mail')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/newsletter-subscription.html?src=mail',
    });
    expect(resolve('/en-gb/newsletter_subscription.html')).toEqual({
      kind: 'redirect',
      status: 301,
      location: '/en-gb/newsletter-subscription.html',
    });
    expect(resolve('/press/2026')).toEqual({ kind: 'redirect', status: 301, location: '/press/2026/' });
    expect(resolve('/press/2026/')).toEqual({ kind: 'file', file: 'press/2026/index.html' });
  });
  it('never serves the host rule files or dot files (release marker, route manifest)', () => {
    for (const path of ['/_redirects', '/_headers', '/_host/nginx-server.conf', '/.routes.json', '/.release.json', '/en-gb/.x.html'])
      expect(resolve(path).kind, path).toBe('notFound');
  });
  it('never serves a compressed copy at an address of its own', () => {
    for (const path of ['/index.html.br', '/index.html.gz', '/_astro/app.js.br']) expect(resolve(path).kind, path).toBe('notFound');
  });
  it('never walks out of the site', () => {
    expect(resolve('/../package.json').kind).toBe('notFound');
  });
});
