import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE_FILE, TABLE_END, TABLE_START, withErrorTable } from '../scripts/error-table.ts';
import { answerText, errorStatus, errorText, serverErrors, type ErrorAnswer } from './errors.ts';

it('joins the message and the hint', () => {
  expect(errorText('StoreUnreachable')).toBe('The media storage could not be reached. Please try again in a moment.');
  expect(errorText('UnknownFolderPath', { path: 'A/B' })).toBe(
    "Unknown folder path 'A/B': use a path of the checklist.",
  );
  expect(errorText('InvalidId', { name: 'folderId' })).toBe(
    "Invalid folderId: ids are 1 to 128 letters, digits, '-' or '_'.",
  );
  expect(errorStatus('TooManyRefreshes')).toBe(429);
});

it('has a title, an error status and a prefix-free sentence for every entry', () => {
  // Every argument a sentence (a manifest text or a library's words is one too).
  const args = new Proxy({}, { get: () => 'x.' });
  for (const [name, e] of Object.entries(serverErrors)) {
    expect(e.title, name).not.toBe('');
    expect(e.status, name).toBeGreaterThanOrEqual(400);
    const text = answerText({ name, args } as ErrorAnswer);
    expect(text, name).not.toMatch(/^Error:/);
    expect(text, name).toMatch(/[.]$/);
  }
});

describe("the operators' guide", () => {
  it('lists every entry (name, status, title, message, hint) as the catalogue says', async () => {
    const readme = readFileSync(ERROR_TABLE_FILE, 'utf8');
    const block = (text: string) => text.slice(text.indexOf(TABLE_START), text.indexOf(TABLE_END));
    // Out of date: `npm run generate` writes it again.
    expect(block(readme)).toBe(block(await withErrorTable(readme)));
    for (const name of Object.keys(serverErrors)) expect(block(readme)).toContain(`| \`${name}\``);
  });
});

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

const isErrorStatus = (e: ts.Node): boolean => ts.isNumericLiteral(e) && Number(e.text) >= 400 && Number(e.text) <= 599;
const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return ts.isIdentifier(callee) ? callee.text : undefined;
};
const targetName = (e: ts.Expression): string | undefined =>
  ts.isPropertyAccessExpression(e) ? e.name.text : ts.isIdentifier(e) ? e.text : undefined;
const hasErrorKey = (e: ts.Expression): boolean =>
  ts.isObjectLiteralExpression(e) &&
  e.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'error');

/**
 * Where a source answers an HTTP error by itself instead of through the catalogue: a status of 400 or
 * more given to `.status()`, `.sendStatus()` or `.writeHead()`, assigned to `statusCode`, or passed to
 * a helper together with the response (`fail(res, 413, ...)`); an `{ error }` body given to `.json()`,
 * `.send()` or `JSON.stringify()`.
 */
function answersOutsideCatalogue(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node): void => {
    found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText()}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const [first] = node.arguments;
      if (first && isErrorStatus(first) && (name === 'status' || name === 'sendStatus' || name === 'writeHead'))
        report(node);
      else if (node.arguments.some((a) => ts.isIdentifier(a) && a.text === 'res') && node.arguments.some(isErrorStatus))
        report(node);
      if (first && hasErrorKey(first) && (name === 'json' || name === 'send' || name === 'stringify')) report(node);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      targetName(node.left) === 'statusCode' &&
      isErrorStatus(node.right)
    )
      report(node);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('every error answer goes through server/errors.ts', () => {
  it('finds each way of answering by hand (the guard itself)', () => {
    const samples = [
      'res.status(404).json({ error: "x" });',
      'res.sendStatus(500);',
      'res.writeHead(503, {});',
      'res.statusCode = 429;',
      'fail(res, 413, "too large");',
      'res.status(errorStatus("InvalidId")).json({ error: message });',
      'res.end(JSON.stringify({ error: "Range not satisfiable." }));',
    ];
    for (const sample of samples) expect(answersOutsideCatalogue('sample.ts', sample), sample).not.toEqual([]);
    const fine = ['res.status(200).json(items);', 'res.status(304).end();', 'if (status === 404) retry();'];
    for (const sample of fine) expect(answersOutsideCatalogue('sample.ts', sample), sample).toEqual([]);
  });

  it('finds none anywhere in server/ but errors.ts', () => {
    const found = sourceFiles('server')
      .filter((file) => file !== join('server', 'errors.ts'))
      .flatMap((file) => answersOutsideCatalogue(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
