import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROLES } from './roles.ts';

/*
 * Role names are written only in the tables: the roles and what each is
 * (roles.ts), who runs which command (authorization.ts), who sees whom
 * (read-rights.ts) and who opens which page (page-access.ts). Everything else
 * asks them, so no rule about a role is written by hand twice.
 */

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['domain', 'api', 'projections', 'web/src'];
const TABLES = ['domain/members/roles.ts', 'domain/members/authorization.ts', 'domain/members/read-rights.ts', 'domain/members/page-access.ts'];
/** Generated from the API's schemas (npm run api:types). */
const GENERATED = ['web/src/lib/openapi.ts'];

/** Words that name a role on screen without deciding anything, each with why. */
const DISPLAY_WORDS: { file: string; text: string; reason: string }[] = [
  { file: 'web/src/shared/dashboards/MemberPicker.tsx', text: 'Member', reason: "the picker's label: the person whose figures are shown" },
  { file: 'web/src/shared/requests/AssigneeSelect.tsx', text: 'Manager', reason: "the request form's field (spec): whom the request goes to" },
  { file: 'web/src/shared/requests/RequestHistoryModal.tsx', text: 'Manager', reason: "the history's name for the assignee (spec)" },
  { file: 'web/src/shared/requests/RequestsTable.tsx', text: 'Manager', reason: "the column of the request's assignee (spec)" },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repository, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const roleNames = new Set<string>(ROLES);
/** A role name quoted inside a template, as in SQL: `WHERE role = 'Admin'`. */
const QUOTED_ROLES = new RegExp(`'(${ROLES.join('|')})'`, 'g');

interface RoleLiteral {
  file: string;
  line: number;
  /** The role's name as written: a literal's value, or the name quoted in a template. */
  text: string;
}

/** Each string literal naming a role, and each role quoted in a template (as in SQL). */
function roleLiterals(file: string, text = readFileSync(path.join(repository, file), 'utf8')): RoleLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: RoleLiteral[] = [];
  const visit = (node: ts.Node) => {
    const at = () => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isStringLiteral(node) && roleNames.has(node.text)) found.push({ file, line: at(), text: node.text });
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateLiteralToken(node)) {
      if (roleNames.has(node.text)) found.push({ file, line: at(), text: node.text });
      for (const quoted of node.text.matchAll(QUOTED_ROLES)) found.push({ file, line: at(), text: quoted[0] });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isDisplayWord = (literal: RoleLiteral) => DISPLAY_WORDS.some((word) => word.file === literal.file && word.text === literal.text);

const files = SCANNED.flatMap(sourceFiles).filter((file) => !TABLES.includes(file) && !GENERATED.includes(file));
const literals = files.flatMap((file) => roleLiterals(file));

describe('role names are written only in the tables', () => {
  it('scans the sources of every layer', () => {
    for (const folder of SCANNED) expect(files.filter((file) => file.startsWith(`${folder}/`)).length).toBeGreaterThan(10);
  });

  it('finds a role named in a literal, a type or quoted SQL, not in a comment or a message', () => {
    const example = [
      "// an 'Admin' in a comment",
      "const message = 'Admin invitation sent successfully';",
      "if (role === 'Head') {}",
      "type Level = 'Manager' | 'Other';",
      'const levels = [`Client`];',
      "const query = sql`SELECT 1 WHERE role = 'Member' AND id = ${id}`;",
    ].join('\n');
    expect(roleLiterals('example.ts', example)).toEqual([
      { file: 'example.ts', line: 3, text: 'Head' },
      { file: 'example.ts', line: 4, text: 'Manager' },
      { file: 'example.ts', line: 5, text: 'Client' },
      { file: 'example.ts', line: 6, text: "'Member'" },
    ]);
  });

  it('compares no role by its name outside the tables', () => {
    expect(literals.filter((literal) => !isDisplayWord(literal)).map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
  });

  it('allows each display word only where it is shown', () => {
    for (const word of DISPLAY_WORDS) expect(literals.some((literal) => literal.file === word.file && literal.text === word.text), word.file).toBe(true);
  });
});
