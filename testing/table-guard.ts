import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The guard of a table (engine/kinds.ts, engine/sections.ts): where production code tells the table's
 * rows apart by name instead of reading the table. Used by the tables' tests.
 */

/** The production sources under a folder (no tests, no end-to-end specs, no fixtures). */
export const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'e2e' || name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

export interface Guarded {
  /** The names of the table's rows. */
  readonly names: ReadonlySet<string>;
  /** The variable or property that holds one (`kind`, `type`). */
  readonly field: string;
  /** What a finding calls one (`kind`, `section type`). */
  readonly what: string;
}

/** `e` without parentheses, casts (`as`, `satisfies`, `<T>`) and `!`; `cast` says whether it had one. */
function unwrap(e: ts.Expression): { bare: ts.Expression; cast: boolean } {
  let bare = e;
  let cast = false;
  for (;;) {
    if (ts.isParenthesizedExpression(bare) || ts.isNonNullExpression(bare)) bare = bare.expression;
    else if (ts.isAsExpression(bare) || ts.isSatisfiesExpression(bare) || ts.isTypeAssertionExpression(bare)) {
      bare = bare.expression;
      cast = true;
    } else return { bare, cast };
  }
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Constants that hold a row's name, e.g. `const CONSULTATION_KIND = 'consultation'`. */
function nameConstants(source: ts.SourceFile, names: ReadonlySet<string>): Set<string> {
  const constants = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const { bare } = unwrap(node.initializer);
      if (ts.isStringLiteralLike(bare) && names.has(bare.text)) constants.add(node.name.text);
    }
    node.forEachChild(collect);
  };
  collect(source);
  return constants;
}

/**
 * Where a source tells rows apart by name: the field compared to a row's name (or to a constant
 * holding one, or through a cast), a `switch` over the field with a case naming one (or any switch
 * with cases naming two), an object keyed by two rows' names.
 */
export function tableBranches(file: string, text: string, { names, field, what }: Guarded): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, finding: string): void => {
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${finding}`);
  };
  const constants = nameConstants(source, names);
  const isField = (e: ts.Expression): boolean => {
    const { bare } = unwrap(e);
    if (ts.isIdentifier(bare)) return bare.text === field;
    if (ts.isPropertyAccessExpression(bare)) return bare.name.text === field;
    return ts.isElementAccessExpression(bare) && unwrap(bare.argumentExpression).bare.getText() === `'${field}'`;
  };
  const namesRow = (e: ts.Expression): boolean => {
    const { bare } = unwrap(e);
    return ts.isStringLiteralLike(bare) ? names.has(bare.text) : ts.isIdentifier(bare) && constants.has(bare.text);
  };
  const keyText = (name: ts.PropertyName): string | undefined =>
    ts.isStringLiteralLike(name) || ts.isIdentifier(name) ? name.text : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      for (const [side, other] of [
        [node.left, node.right],
        [node.right, node.left],
      ] as const)
        if (isField(side) && (namesRow(other) || unwrap(side).cast)) report(node, node.getText());
    }
    if (ts.isSwitchStatement(node)) {
      const cases = node.caseBlock.clauses.filter((c) => ts.isCaseClause(c) && namesRow(c.expression));
      if (cases.length >= 2 || (cases.length === 1 && isField(node.expression)))
        report(node, `switch (${node.expression.getText()}) with a case per ${what}`);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.filter((p) => p.name !== undefined && names.has(keyText(p.name) ?? ''));
      if (keys.length >= 2) report(node, `object keyed by ${what}s (${keys.map((p) => p.name?.getText()).join(', ')})`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}
