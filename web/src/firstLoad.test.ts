import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * What the browser loads, read from the imports of the sources (the bundler
 * follows the same ones): a static import loads with its importer, a dynamic
 * one when it is reached. Imports of types only load nothing.
 */

const webSource = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(webSource, '../..');

interface Imports {
  files: string[];
  packages: string[];
}

function importsOf(file: string, withDynamic: boolean): Imports {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && loadsAtRuntime(node.importClause)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (withDynamic && ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const files: string[] = [];
  const packages: string[] = [];
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) files.push(resolve(path.resolve(path.dirname(file), specifier)));
    else packages.push(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
  }
  return { files: files.filter((resolved) => /\.tsx?$/.test(resolved)), packages };
}

function loadsAtRuntime(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  return !bindings || ts.isNamespaceImport(bindings) || bindings.elements.some((element) => !element.isTypeOnly);
}

function resolve(base: string): string {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith(path.sep)) ?? base;
}

/** The source files and packages loaded from `entries`, with the dynamic imports or without. */
function reached(entries: string[], withDynamic: boolean) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(webSource, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const found = importsOf(file, withDynamic);
    found.packages.forEach((name) => packages.add(name));
    queue.push(...found.files);
  }
  return { files: [...files].map((file) => path.relative(repository, file)), packages: [...packages] };
}

/** The sign-in page, as a browser first opens it: the app and the page's own chunk. */
const firstPage = reached(['main.tsx', 'features/identity/LoginPage.tsx'], false);

describe('the first page', () => {
  it('loads no page but its own: the others load when opened', () => {
    const pages = firstPage.files.filter((file) => /^web\/src\/features\/.*Page\.tsx$/.test(file));
    expect(pages).toEqual(['web/src/features/identity/LoginPage.tsx']);
  });

  it('loads no date, calendar, chart or rich-text library', () => {
    const heavy = ['dayjs', '@mantine/dates', 'temporal-polyfill', '@fullcalendar/react', '@mantine/charts', 'recharts', '@mantine/tiptap'];
    expect(firstPage.packages.filter((name) => heavy.includes(name))).toEqual([]);
  });
});

describe('the web app', () => {
  it('loads no schema library: the browser reads limits and choices from modules apart from the event schemas', () => {
    const everything = reached(['main.tsx'], true);
    expect(everything.packages).not.toContain('typebox');
    expect(everything.files.filter((file) => /^domain\/.*(events|schema)\.ts$/.test(file))).toEqual([]);
  });
});
