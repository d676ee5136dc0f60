import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../engine/shared/staff.ts';

/**
 * The docs name files, lines and code: each must exist, so a guide that drifts from the code fails
 * here. What counts is what is written in backticks: a path (`server/main.ts`, `engine/kinds.ts:48`,
 * `manifest/`), an identifier (`createApp`, `ImageRefs`) or a setting (`STAFF_PASSWORD`).
 */

const DOCS = ['README.md', 'ARCHITECTURE.md', ...readdirSync('docs').map((f) => join('docs', f))];
const CODE_DIRS = ['engine', 'server', 'site', 'scripts', 'testing', 'manifest', '.ci'];
// `generated/` is what `npm run generate` writes (ignored by git): named, not checked.
const TOP = /^(engine|server|site|scripts|testing|manifest|docs|\.ci)\//;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === '__fixtures__') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
const code = [...CODE_DIRS.flatMap(filesUnder), 'package.json', 'vite.config.ts']
  .filter((f) => /\.(tsx?|ya?ml|json|sh)$|\/run$/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** Every backticked span of a doc, with its line. */
function spans(file: string): { text: string; line: number }[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  let fenced = false;
  return lines.flatMap((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) return [];
    return [...line.matchAll(/`([^`\n]+)`/g)].map((m) => ({ text: m[1]!.trim(), line: i + 1 }));
  });
}

/** A repository path, with a line (and column) when one is named; undefined when the span is no path. */
function pathOf(text: string): { path: string; line?: number } | undefined {
  const m = /^([\w.@/-]+?)(?::(\d+)(?::\d+)?)?$/.exec(text);
  if (!m || !TOP.test(m[1]!)) return undefined;
  return { path: m[1]!.replace(/\/\*.*$|\/$/, '') || m[1]!, ...(m[2] ? { line: Number(m[2]) } : {}) };
}

const IDENTIFIER = /^([a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)(\(\))?$/;
const SETTING = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

describe.each(DOCS)('%s', (doc) => {
  const named = spans(doc);

  it('names only files and lines that exist', () => {
    const missing = named.flatMap(({ text, line }) => {
      const found = pathOf(text);
      if (!found || found.path.includes('*') || found.path.includes('<')) return [];
      if (!existsSync(found.path)) return [`${doc}:${line} \`${text}\`: no such file`];
      if (found.line === undefined || statSync(found.path).isDirectory()) return [];
      const lines = readFileSync(found.path, 'utf8').split('\n').length;
      return found.line <= lines ? [] : [`${doc}:${line} \`${text}\`: the file has ${lines} lines`];
    });
    expect(missing).toEqual([]);
  });

  it('names only identifiers and settings the code has', () => {
    const missing = named.flatMap(({ text, line }) => {
      const name = IDENTIFIER.exec(text)?.[1] ?? (SETTING.test(text) ? text : undefined);
      if (!name || new RegExp(`\\b${name}\\b`).test(code)) return [];
      return [`${doc}:${line} \`${text}\``];
    });
    expect(missing).toEqual([]);
  });
});

/** The operators' guide's fenced blocks of a language, each as its text. */
const blocksOf = (language: string): string[] =>
  [...readFileSync('docs/operators.md', 'utf8').matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (m) => m[1]!,
  );

describe("the operators' guide's proxy configurations (read, not run)", () => {
  it('nginx: balanced blocks, its proxy_pass names its upstream, and it lets the largest upload through', () => {
    const [nginx] = blocksOf('nginx');
    expect(nginx).toBeDefined();
    const code = nginx!.replace(/#.*$/gm, '');
    expect(code.split('{').length).toBe(code.split('}').length);
    const upstream = /upstream\s+(\w+)\s*\{/.exec(code)?.[1];
    expect(code).toContain(`proxy_pass http://${upstream};`);
    const body = Number(/client_max_body_size\s+(\d+)m;/.exec(code)?.[1]) * 1024 * 1024;
    expect(body).toBeGreaterThan(MAX_UPLOAD_BYTES);
  });

  it('Caddy: it sends visitors only to servers whose /readyz answers', () => {
    const [caddy] = blocksOf('caddyfile');
    expect(caddy).toContain('health_uri /readyz');
  });
});
