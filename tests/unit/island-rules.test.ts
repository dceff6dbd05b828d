/**
 * What an island's own code may do (docs/architecture.md, "Islands and stores"): it renders
 * stores and calls their actions, and reaches the address only through the platform
 * (stores/platform.ts: currentLocation, currentQuery, navigate, redirect, replaceUrl, pushUrl,
 * onAddressChange) or a store's action, so that logic is tested without a browser.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../fixtures/source-files.ts';

const ROOT = process.cwd();
const ISLANDS = join(ROOT, 'src/islands');
const rel = (file: string) => relative(ROOT, file);

const islandFiles = filesUnder(ISLANDS, /\.tsx?$/);

/** The address and history, read or written directly (`location.` also catches `window.location.`). */
const DIRECT_ADDRESS = /\blocation\.|\bwindow\.location\b|\bhistory\.|\bdocument\.location\b/;

/**
 * Functions longer than this are hard to read and to test: a page's logic belongs in its page
 * store (docs/architecture.md, "Islands and stores"), and what is left to draw splits into parts.
 */
const MAX_FUNCTION_LINES = 150;

/** Every named function of a module with its length in lines (arrow functions by the variable or property they are bound to). */
function functionLengths(file: string): { name: string; lines: number }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const parent = node.parent;
      const name =
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) ? node.name?.getText(source) : undefined) ??
        (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name.getText(source) : undefined) ??
        (ts.isExportAssignment(parent) || node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? 'default' : '(anonymous)');
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('island rules', () => {
  it('no island reads or writes location or history itself: it goes through the platform or a store', () => {
    const offenders = islandFiles.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (DIRECT_ADDRESS.test(line) ? [`${rel(file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it(`no island function is longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const long = islandFiles.flatMap((file) =>
      functionLengths(file)
        .filter(({ lines }) => lines > MAX_FUNCTION_LINES)
        .map(({ name }) => `${rel(file)}: ${name}`),
    );
    expect(long).toEqual([]);
  });
});
