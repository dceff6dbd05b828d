/**
 * An Astro component rendered once per build for each set of props, its markup reused by every
 * later page that asks with the same props. For the header: its islands are the same on every
 * page of a language (bar a handful of variants), and rendering them per page was half of
 * Astro's time in a 10,000-page build (docs/performance.md).
 *
 * Astro has no public way to reuse an island's markup, so this leans on the runtime that every
 * compiled .astro file imports (astro/runtime/server) and on two facts, each pinned by a test:
 *
 * - An island's markup comes with instructions ("this island needs the hydration script and its
 *   directive's script"), which the page turns into those scripts once, before its first island.
 *   The segment keeps them, and every page that shows it replays them, so each page still gets
 *   its scripts exactly once, whatever islands it has besides.
 * - @astrojs/react gives each island of a page a prefix (r0, r1, …) for React's ids, counted per
 *   page. A reused island would keep the prefix of the page that rendered it, which another
 *   island of a later page may be given too. The segment's islands are renamed to a prefix of
 *   their own (`{name}0`, `{name}1`, …) in the markup, so they share none with the page's.
 *
 * The key is the component and its props, so anything that changes them renders anew (an edit
 * in `astro dev` makes a new component). The cache lives
 * as long as `scope`, an object of the build's content (the page's language content), so a new
 * build in a long-running process (the publish service) starts empty and the old one is freed.
 */
import { createComponent, markHTMLString, renderComponent, renderSlotToString, renderTemplate } from 'astro/runtime/server/index.js';

type Result = Parameters<typeof renderComponent>[0];

interface Props {
  /** The component rendered once: an Astro component (typically of islands). */
  component: unknown;
  /** Its props: the cache key, so they must be JSON (islands' props are anyway). */
  props: Record<string, unknown>;
  /** The segment's prefix for React ids: letters other than "r" alone, unique among the segments of one page. */
  name: string;
  /** What the cache lives as long as: an object the build loads afresh. */
  scope: object;
}

/** What a page writes for the segment: the islands' instructions (their scripts), then the markup. */
interface Segment {
  instructions: readonly unknown[];
  html: ReturnType<typeof markHTMLString>;
}
/** By scope, then component (a new one after an edit in `astro dev`), then props. */
const segments = new WeakMap<object, WeakMap<object, Map<string, Promise<Segment>>>>();

/** Astro's React prefixes are r followed by the island's count on its page. */
const ISLAND_PREFIX = /<astro-island\b[^>]*?\sprefix="(r\d+)"/g;

/**
 * Gives each island of the markup the prefix `{name}{i}`, in the attribute Astro's client reads
 * and in the ids React wrote with it (`_{prefix}R_…`).
 */
export function renamePrefixes(html: string, name: string): string {
  const prefixes = [...new Set([...html.matchAll(ISLAND_PREFIX)].map((m) => m[1]!))];
  if (prefixes.length === 0) return html;
  const renamed = new Map(prefixes.map((prefix, i) => [prefix, `${name}${i}`]));
  const alternatives = prefixes.join('|');
  return html.replace(new RegExp(`(\\sprefix=")(${alternatives})(")|(_)(${alternatives})(R_)`, 'g'), (...groups: string[]) =>
    groups[1] !== undefined ? `${groups[1]}${renamed.get(groups[2]!)}${groups[3]}` : `${groups[4]}${renamed.get(groups[5]!)}${groups[6]}`,
  );
}

/** An id React wrote with one of Astro's per-page prefixes. */
const PAGE_REACT_ID = /_r\d+R_/;

async function renderSegment(result: Result, { component, props, name }: Props): Promise<Segment> {
  const rendered = await renderSlotToString(result, (r: Result) => renderTemplate`${renderComponent(r, name, component, props)}`);
  const { instructions, chunks } = rendered as unknown as { instructions: unknown[] | null; chunks: unknown[] };
  // A component <script> is placed by the page that renders it (once per page); replayed
  // markup would lose that, so such a component is not one to render once.
  if (chunks.some((chunk) => typeof chunk !== 'string'))
    throw new Error(`RenderOnce: ${name} renders a <script>, which cannot be reused across pages`);
  const html = renamePrefixes(String(rendered), name);
  // A React component without client:* gets a page prefix too, but no <astro-island> says
  // which: its ids cannot be renamed, and a later page's island could be given the same.
  if (PAGE_REACT_ID.test(html))
    throw new Error(
      `RenderOnce: ${name} renders React ids outside an island (a component without client:*), which cannot be reused across pages`,
    );
  return { instructions: instructions ?? [], html: markHTMLString(html) };
}

const RenderOnce = createComponent(async (result: Result, props: Props) => {
  // "r" alone would make r0, r1…: the prefixes @astrojs/react gives the page's own islands.
  if (!/^[a-z]+$/.test(props.name) || props.name === 'r')
    throw new Error(`RenderOnce: name must be lower-case letters other than "r", got ${JSON.stringify(props.name)}`);
  if (typeof props.component !== 'function') throw new Error(`RenderOnce: ${props.name}'s component is not an Astro component`);
  let byComponent = segments.get(props.scope);
  if (!byComponent) segments.set(props.scope, (byComponent = new WeakMap()));
  let cache = byComponent.get(props.component);
  if (!cache) byComponent.set(props.component, (cache = new Map()));
  const key = `${props.name}\u0000${JSON.stringify(props.props)}`;
  let segment = cache.get(key);
  if (!segment) {
    segment = renderSegment(result, props);
    cache.set(key, segment);
    // A failed render is not remembered: the page that asked fails the build with its error.
    segment.catch(() => cache.delete(key));
  }
  const { instructions, html } = await segment;
  return renderTemplate`${instructions}${html}`;
});

export default RenderOnce;
