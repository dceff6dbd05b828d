/**
 * Where code runs decides what it may import. Everything a browser can load (islands, stores,
 * client scripts, the scripts of .astro components, and all of src/lib) must never reach
 * Node, astro:* or build-only code, however many modules lie between. The rules follow
 * imports transitively and a failure prints the whole chain, so the fix is obvious.
 *
 * Type-only imports are skipped: they are erased before anything runs.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../fixtures/source-files.ts';

const ROOT = process.cwd();
const rel = (file: string) => relative(ROOT, file);

/** Client-side `<script>` blocks of an .astro file (not is:inline, not JSON): Vite bundles these for the browser. */
function astroClientScripts(text: string): string {
  return [...text.matchAll(/<script(?![^>]*\b(?:is:inline|type="application\/[^"]*json"))([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes, body]) => {
      const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
      return src ? `import '${src}';` : body!;
    })
    .join('\n');
}

/** Runtime import specifiers of a module's source (static, side-effect, re-export and dynamic). */
function runtimeImports(source: string): string[] {
  const specs: string[] = [];
  const statement = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, , typeOnly, clause, spec] of source.matchAll(statement)) {
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause!.trim());
    // `import { type A, type B } from` is erased as a whole.
    if (
      braces &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '))
    )
      continue;
    specs.push(spec!);
  }
  for (const [, spec] of source.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) specs.push(spec!);
  for (const [, spec] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(spec!);
  return specs;
}

function sourceOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.astro') ? astroClientScripts(text) : text;
}

function resolveRelative(from: string, spec: string): string | null {
  // Vite's query suffixes (?raw, ?url) name the same file.
  const base = normalize(join(dirname(from), spec.replace(/\?.*$/, '')));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const NODE_BUILTINS = new Set(builtinModules);
/** Packages that only run in Node at build time or in the local services. */
/** i18next translates at build time only: islands look strings up in the dictionaries the build hands them. */
const BUILD_PACKAGES = new Set([
  'astro',
  'esbuild',
  'sharp',
  'vite',
  'vitest',
  'hono',
  '@hono/node-server',
  'saxes',
  'fast-xml-parser',
  'i18next',
]);
const packageName = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const BUILD_ONLY_DIRS = [join(ROOT, 'src/node') + '/', join(ROOT, 'scripts') + '/'];

type Node = { id: string; parent: Node | null };
const chain = (node: Node): string => {
  const names: string[] = [];
  for (let at: Node | null = node; at; at = at.parent) names.unshift(at.id.startsWith(ROOT) ? rel(at.id) : at.id);
  return names.join(' → ');
};

/**
 * Walks every runtime import from `roots`. `forbidden` names what a module must never reach
 * (returns a reason); `stopAt` marks modules checked on their own, not walked through.
 */
function walk(
  roots: string[],
  forbidden: (id: string, from: string) => string | null,
  stopAt: (id: string) => boolean = () => false,
  importsOf: (source: string) => string[] = runtimeImports,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue: Node[] = roots.map((id) => ({ id, parent: null }));
  while (queue.length > 0) {
    const node = queue.shift()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    for (const spec of importsOf(sourceOf(node.id))) {
      const resolved = spec.startsWith('.') ? resolveRelative(node.id, spec) : null;
      const id = resolved ?? spec;
      const next: Node = { id, parent: node };
      const reason = forbidden(id, node.id);
      if (reason) {
        problems.push(`${reason}: ${chain(next)}`);
        continue;
      }
      if (spec.startsWith('.') && !resolved) problems.push(`unresolved import '${spec}': ${chain(node)}`);
      if (resolved && /\.(tsx?|astro)$/.test(resolved) && !stopAt(resolved)) queue.push(next);
    }
  }
  return problems;
}

const notForTheBrowser = (id: string): string | null => {
  if (id.startsWith('node:') || NODE_BUILTINS.has(id.split('/')[0]!)) return 'Node module in browser code';
  if (id.startsWith('astro:')) return 'astro:* module in browser code';
  if (BUILD_PACKAGES.has(packageName(id))) return 'build-time package in browser code';
  if (BUILD_ONLY_DIRS.some((dir) => id.startsWith(dir))) return 'build-only module in browser code';
  return null;
};

const isUi = (id: string) =>
  /\.(astro|tsx)$/.test(id) ||
  /\/src\/(components|islands|layouts)\//.test(id) ||
  /^react(-dom)?(\/|$)/.test(id) ||
  id.startsWith('@nanostores/react');
const API_CLIENT = join(ROOT, 'src/lib/api/client.ts');
/** How the stores reach the API: never for an island to import. */
const API_CALLERS = ['client.ts', 'core.ts', 'base-url.ts'].map((name) => join(ROOT, 'src/lib/api', name));
/** What a visitor's page must not load at start: the member client, the contract's schemas, zod, wretch. */
const HEAVY = [
  API_CLIENT,
  ...['contract.ts', 'contract-checkout.ts', 'contract-kit.ts', 'contract-account.ts', 'contract-orders.ts'].map((name) =>
    join(ROOT, 'src/lib/api', name),
  ),
  'zod',
  'wretch',
];
/** The imports that load with the module: a dynamic import() loads on demand. */
const staticImports = (source: string) => runtimeImports(source.replace(/\bimport\(\s*['"][^'"]+['"]\s*\)/g, ''));
const inDir = (dir: string) => (id: string) => id.startsWith(join(ROOT, dir) + '/');

/** Every import specifier of a source, type-only ones included: a circle of types still ties modules together. */
function allImports(source: string): string[] {
  const specs = [...source.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\s*from\s*['"]([^'"]+)['"]/g)].map(
    ([, spec]) => spec!,
  );
  for (const [, spec] of source.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g)) specs.push(spec!);
  for (const [, spec] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(spec!);
  return specs;
}

/**
 * The import circles among `files` (Tarjan's strongly connected components over relative
 * imports), each as its modules' paths: an empty list when the modules form layers.
 */
function importCircles(files: string[]): string[][] {
  const graph = new Map(
    files.map((file) => [
      file,
      allImports(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolveRelative(file, spec))
        .filter((id): id is string => id !== null),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (at: string) => {
    index.set(at, index.size);
    low.set(at, index.get(at)!);
    stack.push(at);
    onStack.add(at);
    for (const next of graph.get(at) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(at, Math.min(low.get(at)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(at, Math.min(low.get(at)!, index.get(next)!));
    }
    if (low.get(at) !== index.get(at)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(rel(member));
    } while (member !== at);
    if (circle.length > 1 || graph.get(at)!.includes(at)) circles.push(circle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

const islands = filesUnder(join(ROOT, 'src/islands'), /\.tsx?$/);
const stores = filesUnder(join(ROOT, 'src/stores'), /\.ts$/);
const clientScripts = filesUnder(join(ROOT, 'src/client'), /\.ts$/);
const libModules = filesUnder(join(ROOT, 'src/lib'), /\.ts$/);
const astroWithScripts = filesUnder(join(ROOT, 'src'), /\.astro$/).filter(
  (file) => astroClientScripts(readFileSync(file, 'utf8')).trim() !== '',
);

describe('import rules', () => {
  it('finds the modules it checks (a rule over nothing cannot fail)', () => {
    expect(islands.length).toBeGreaterThan(10);
    expect(stores.length).toBeGreaterThan(5);
    expect(clientScripts.length).toBeGreaterThan(2);
    expect(astroWithScripts.map(rel)).toContain('src/components/cms/Carousel.astro');
    expect(notForTheBrowser('esbuild')).toBe('build-time package in browser code');
    expect(notForTheBrowser('i18next')).toBe('build-time package in browser code');
    expect(notForTheBrowser('nanostores')).toBeNull();
    expect(
      runtimeImports(
        "import { a } from './a.ts';\nimport type { B } from './b.ts';\nimport { type C } from './c.ts';\nexport { d } from './d.ts';\nimport './e.ts';\nconst f = () => import('./f.ts');",
      ),
    ).toEqual(['./a.ts', './d.ts', './e.ts', './f.ts']);
  });

  it('browser code (islands, stores, client scripts, .astro scripts, src/lib) never reaches node:*, astro:* or build-only code', () => {
    expect(walk([...islands, ...stores, ...clientScripts, ...astroWithScripts, ...libModules], notForTheBrowser)).toEqual([]);
  });

  it('src/lib imports no UI and no stores', () => {
    expect(walk(libModules, (id) => (isUi(id) ? 'UI in lib' : inDir('src/stores')(id) ? 'store in lib' : null))).toEqual([]);
  });

  it('stores import no UI', () => {
    expect(walk(stores, (id) => (isUi(id) ? 'UI in a store' : null))).toEqual([]);
  });

  it('islands reach the API client only through a store action', () => {
    expect(walk(islands, (id) => (API_CALLERS.includes(id) ? 'API caller imported outside a store' : null), inDir('src/stores'))).toEqual(
      [],
    );
    // Nor do they take the stores' own caller: they call actions.
    const takesCaller = islands.filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][^'"]*stores\/[^'"]+['"]/g)].some(([, names]) =>
        /\b(apiClient|callApi)\b/.test(names!),
      ),
    );
    expect(takesCaller.map(rel)).toEqual([]);
  });

  it("the header's stores, the product page's and the live prices load no client, schema, zod or wretch at start (on demand only)", () => {
    const entries = [
      'session',
      'cart',
      'wishlist',
      'search',
      'header',
      'product-batch',
      'product-detail',
      'product-page',
      'public-api',
      'inbox',
    ]
      .map((name) => join(ROOT, 'src/stores', `${name}.ts`))
      .concat(join(ROOT, 'src/client/live-prices.ts'), join(ROOT, 'src/client/product-live.ts'));
    const heavy = (id: string) => (HEAVY.includes(id) || HEAVY.includes(packageName(id)) ? 'loaded at start on every page' : null);
    expect(walk(entries, heavy, () => false, staticImports)).toEqual([]);
    // The rule sees the client where it is imported: session.ts loads it on demand.
    expect(walk([join(ROOT, 'src/stores/session.ts')], heavy, () => false, runtimeImports)).not.toEqual([]);
  });

  it("no browser code reaches zod or the contract's schemas: clients read routes.ts, islands check forms with lib/validation", () => {
    const schemas = (id: string) => (HEAVY.slice(1).includes(id) || HEAVY.includes(packageName(id)) ? 'schemas in the browser' : null);
    expect(walk([...islands, ...stores, ...clientScripts, ...astroWithScripts, API_CLIENT], schemas)).toEqual([]);
    // The rule sees the contract where it is imported for its values.
    expect(walk([join(ROOT, 'src/lib/api/contract-orders.ts')], schemas)).not.toEqual([]);
  });

  it('islands and the form framework check forms with lib/validation, never with the contract’s schemas (zod)', () => {
    const heavy = (id: string) => (HEAVY.includes(id) || HEAVY.includes(packageName(id)) ? 'schemas in an island' : null);
    // Stores load the member client on demand; what an island's own code imports is the rule.
    expect(walk(islands, heavy, inDir('src/stores'), staticImports)).toEqual([]);
  });

  it('no module imports itself through others, type-only imports included (src/, scripts/)', () => {
    const modules = [...filesUnder(join(ROOT, 'src'), /\.(tsx?|astro)$/), ...filesUnder(join(ROOT, 'scripts'), /\.tsx?$/)];
    expect(modules.length).toBeGreaterThan(300);
    expect(importCircles(modules)).toEqual([]);
    // The check sees a circle of type-only imports.
    const circle = ['a.ts', 'b.ts'].map((name) => join(ROOT, 'tests/fixtures/import-rules/circle', name));
    expect(importCircles(circle)).toEqual([circle.map(rel)]);
  });

  it('a violation names the whole chain', () => {
    const problems = walk([join(ROOT, 'tests/fixtures/import-rules/island.ts')], notForTheBrowser);
    expect(problems).toEqual([
      'Node module in browser code: tests/fixtures/import-rules/island.ts → tests/fixtures/import-rules/helper.ts → node:fs',
    ]);
  });
});
