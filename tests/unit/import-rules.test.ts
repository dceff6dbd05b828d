/**
 * The layering of ../shared/design.md: islands import stores, client-safe lib and types;
 * stores import lib; lib imports no UI. Build-time modules (Node, the content cache, astro:*)
 * never reach the browser. A broken rule fails with the file and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
    });
  } catch {
    return [];
  }
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/** Build-time only: reads the disk or the content cache. */
const BUILD_ONLY = [/^node:/, /^astro:/, /lib\/cms\/(content|site|pull)\.ts$/, /lib\/i18n\/build-translations\.ts$/, /lib\/env\.ts$/];
const UI = [/\.astro$/, /\.tsx$/, /\/components\//, /\/islands\//, /\/layouts\//, /^react/];

function violations(dir: string, forbidden: RegExp[]): string[] {
  return files(dir).flatMap((file) =>
    imports(file)
      .filter((spec) => forbidden.some((rule) => rule.test(spec)))
      .map((spec) => `${relative(process.cwd(), file)} imports ${spec}`),
  );
}

/** The imports a module runs: type-only imports are erased, so they load nothing. */
function runtimeImports(file: string): Array<{ spec: string; names: string; dynamic: boolean }> {
  const text = readFileSync(file, 'utf8');
  const found: Array<{ spec: string; names: string; dynamic: boolean }> = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)([^'"]*?)\s*from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]/gm)) found.push({ spec: (m[2] ?? m[3])!, names: m[1] ?? '', dynamic: false });
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1]!, names: '', dynamic: true });
  return found;
}

/** Every module `file` loads at once (static imports, followed through the source tree), as chains from `file`. */
function staticClosure(file: string, chain: string[] = [], seen = new Map<string, string[]>()): Map<string, string[]> {
  const here = [...chain, relative(process.cwd(), file)];
  seen.set(file, here);
  for (const { spec, dynamic } of runtimeImports(file)) {
    if (dynamic) continue;
    if (!spec.startsWith('.')) {
      if (!seen.has(spec)) seen.set(spec, [...here, spec]);
      continue;
    }
    const target = resolve(dirname(file), spec);
    if (!seen.has(target)) staticClosure(target, here, seen);
  }
  return seen;
}

/** What a visitor's page must not load at start: the member client, the contract's schemas, zod, wretch. */
const HEAVY = [/lib\/api\/client\.ts$/, /lib\/api\/contract(-checkout|-kit)?\.ts$/, /^zod/, /^wretch/];

describe('import rules', () => {
  it('lib imports no UI', () => {
    expect(violations('src/lib', UI)).toEqual([]);
  });
  it('islands, stores and client scripts never import build-time code', () => {
    expect([...violations('src/islands', BUILD_ONLY), ...violations('src/stores', BUILD_ONLY), ...violations('src/scripts', BUILD_ONLY)]).toEqual([]);
  });
  it('stores import no UI', () => {
    expect(violations('src/stores', UI)).toEqual([]);
  });
  it('the rules see imports at all (a rule that cannot fail is no rule)', () => {
    expect(imports('src/scripts/page-schedule.ts')).toContain('../lib/cms/schedule.ts');
  });
  it('islands never call the API themselves: no client, core or base URL, and no store-internal caller', () => {
    const found = files('src/islands').flatMap((file) =>
      imports(file)
        .filter((spec) => /lib\/api\/(client|core|base-url|public-call)\.ts$/.test(spec))
        .map((spec) => `${relative(process.cwd(), file)} imports ${spec}`)
        .concat(runtimeImports(file).filter(({ spec, names }) => /stores\//.test(spec) && /\b(apiClient|callApi)\b/.test(names)).map(({ spec }) => `${relative(process.cwd(), file)} takes the API caller from ${spec}`)),
    );
    expect(found).toEqual([]);
  });
  it("the header's stores and the live prices load no client, schema, zod or wretch at start (only on demand)", () => {
    const entries = ['session', 'cart', 'wishlist', 'search', 'header', 'ticker', 'product-batch'].map((name) => `src/stores/${name}.ts`).concat('src/scripts/live-prices.ts');
    const chains = entries.flatMap((entry) => [...staticClosure(resolve(entry)).entries()].filter(([module]) => HEAVY.some((rule) => rule.test(module))).map(([, chain]) => chain.join(' → ')));
    expect(chains).toEqual([]);
    // The rule sees a static import when there is one.
    expect([...staticClosure(resolve('src/stores/product-detail.ts')).keys()].some((module) => HEAVY.some((rule) => rule.test(module)))).toBe(true);
  });
});
