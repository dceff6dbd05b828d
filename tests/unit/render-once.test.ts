/**
 * An Astro component rendered once per build and set of props (src/node/render-once.ts), over
 * Astro's Container API: each render is a page of its own, as in a build.
 */
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContainer } from '../fixtures/astro-container.ts';
import { renamePrefixes } from '../../src/node/render-once.ts';
import Page from '../fixtures/render-once/Page.astro';

let container: AstroContainer;
const counts = globalThis as { renderOnceFixtureRenders?: number };

beforeAll(async () => {
  container = await createContainer('https://shop.example');
});
beforeEach(() => {
  counts.renderOnceFixtureRenders = 0;
});

const render = (label: string, scope: object, more: { before?: boolean; segment?: 'islands' | 'static'; name?: string } = {}) =>
  container.renderToString(Page, { props: { label, scope, ...more } });
const header = (html: string) => html.slice(html.indexOf('<header>'), html.indexOf('</header>'));
const occurrences = (html: string, text: string) => html.split(text).length - 1;
const prefixes = (html: string) => [...html.matchAll(/<astro-island\b[^>]*?\sprefix="([^"]+)"/g)].map((m) => m[1]);

describe('RenderOnce', () => {
  it('renders the component once for pages that ask with the same props, and each page gets the same markup', async () => {
    const scope = {};
    const first = await render('Name', scope);
    const second = await render('Name', scope);
    expect(counts.renderOnceFixtureRenders).toBe(1);
    expect(header(second)).toContain('Name again');
    // The segment's islands are the same markup on both pages, scripts aside.
    const islands = (html: string) => header(html).slice(header(html).indexOf('<astro-island'));
    expect(islands(second)).toBe(islands(first));
  });

  it('gives every page the island and directive scripts exactly once, before its first island', async () => {
    const scope = {};
    for (const html of [await render('Name', scope), await render('Name', scope)]) {
      expect(occurrences(html, 'customElements.define("astro-island"')).toBe(1);
      expect(occurrences(html, '.interaction=')).toBe(1);
      expect(html.indexOf('customElements.define("astro-island"')).toBeLessThan(html.indexOf('<astro-island'));
      // The body's client:visible island still brings its own directive's script.
      expect(occurrences(html, '.visible=')).toBe(1);
    }
  });

  it('gives the scripts once also when the first page had an island of the same directive before the segment', async () => {
    const scope = {};
    const first = await render('Name', scope, { before: true });
    const second = await render('Name', scope);
    for (const html of [first, second]) {
      expect(occurrences(html, 'customElements.define("astro-island"')).toBe(1);
      expect(occurrences(html, '.interaction=')).toBe(1);
      expect(html.indexOf('.interaction=')).toBeLessThan(html.indexOf('<astro-island'));
    }
  });

  it('refuses what it cannot reuse safely: React ids outside an island, and the name "r"', async () => {
    await expect(render('Name', {}, { segment: 'static' })).rejects.toThrow(/React ids outside an island/);
    await expect(render('Name', {}, { name: 'r' })).rejects.toThrow(/other than "r"/);
  });

  it("renames the segment's React prefixes, in the attribute and in the ids, so no page's island shares one", async () => {
    const scope = {};
    for (const html of [await render('Name', scope), await render('Name', scope)]) {
      expect(prefixes(header(html))).toEqual(['seg0', 'seg1']);
      const all = prefixes(html);
      expect(new Set(all).size).toBe(all.length);
      // Every React id is its own island's: _{prefix}R_…
      for (const [, prefix, body] of html.matchAll(/<astro-island\b[^>]*?\sprefix="([^"]+)"[^>]*>([\s\S]*?)<\/astro-island>/g))
        for (const [, id] of body!.matchAll(/\sid="([^"]+)"/g)) expect(id!.startsWith(`_${prefix}R_`), `${id} in ${prefix}`).toBe(true);
    }
  });

  it('renders anew for other props, and for a new scope (a new build)', async () => {
    const scope = {};
    await render('Name', scope);
    expect(header(await render('Surname', scope))).toContain('Surname again');
    expect(counts.renderOnceFixtureRenders).toBe(2);
    await render('Name', {});
    expect(counts.renderOnceFixtureRenders).toBe(3);
  });
});

describe('renamePrefixes', () => {
  it('renames each island prefix and the ids React wrote with it, telling r1 from r10', () => {
    const html =
      '<astro-island uid="a" prefix="r1"><input id="_r1R_0_" aria-controls="_r1R_1_"></astro-island>' +
      '<astro-island uid="b" prefix="r10"><div id="_r10R_0_">r1 and _r1R_ are text here too</div></astro-island>';
    expect(renamePrefixes(html, 'tools')).toBe(
      '<astro-island uid="a" prefix="tools0"><input id="_tools0R_0_" aria-controls="_tools0R_1_"></astro-island>' +
        '<astro-island uid="b" prefix="tools1"><div id="_tools1R_0_">r1 and _tools0R_ are text here too</div></astro-island>',
    );
  });

  it('leaves markup without islands alone', () => {
    expect(renamePrefixes('<p prefix="r1">_r1R_</p>', 'x')).toBe('<p prefix="r1">_r1R_</p>');
  });
});
