/**
 * The layering of ../shared/design.md: islands import stores, client-safe lib and types;
 * stores import lib; lib imports no UI. Build-time modules (Node, the content cache, astro:*)
 * never reach the browser. A broken rule fails with the file and the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
});
