import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Test tooling: the W3C Nu HTML checker (`vnu.jar` from the npm package `vnu-jar`) over many pages in
 * one JVM (its start costs more than checking a page). Needs Java 17 or later on the PATH, which the
 * test command finds or installs (scripts/test-env.ts).
 */

const VNU_JAR = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/** One error the checker reports on a page. */
export interface NuError {
  /** The name the page was given (its path, say). */
  readonly page: string;
  readonly message: string;
  /** The markup around the error. */
  readonly extract?: string;
}

interface VnuMessage {
  readonly type: string;
  readonly url?: string;
  readonly lastLine?: number;
  readonly lastColumn?: number;
  readonly message: string;
  readonly extract?: string;
}

/** Offset in `text` of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return offset + column - 1;
}

/** Where the `style` elements of a document are (start and end offsets). */
const styleRanges = (html: string): [number, number][] =>
  [...html.matchAll(/<style\b[^>]*>[\s\S]*?<\/style>/gi)].map((m) => [m.index, m.index + m[0].length]);

/**
 * Whether a message is about the CSS inside a `style` element: the checker's CSS parser predates
 * container queries and Stitches' layered `@media{}` blocks, so those are the one kind we do not hold
 * the pages to. A CSS message anywhere else (a `style` attribute, say) still counts.
 */
function isStyleElementCss(m: VnuMessage, html: string): boolean {
  if (!m.message.startsWith('CSS:') || m.lastLine === undefined || m.lastColumn === undefined) return false;
  const at = offsetOf(html, m.lastLine, m.lastColumn);
  return styleRanges(html).some(([start, end]) => at >= start && at < end);
}

/**
 * The errors of each page (name -> HTML) by the Nu checker, run once over all of them; CSS messages
 * about the insides of `style` elements left out (isStyleElementCss).
 */
export async function nuErrors(pages: ReadonlyMap<string, string>): Promise<NuError[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nu-'));
  try {
    const names = [...pages.keys()];
    const files = names.map((_, i) => join(dir, `${i}.html`));
    await Promise.all(names.map((name, i) => writeFile(files[i] as string, pages.get(name) as string)));
    const output = await runVnu(files);
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    return messages.flatMap((m) => {
      const i = files.findIndex((f) => m.url?.endsWith(f));
      const page = names[i] ?? m.url ?? '?';
      const html = pages.get(page) ?? '';
      if (m.type !== 'error' && m.type !== 'non-document-error') return [];
      if (isStyleElementCss(m, html)) return [];
      return [{ page, message: m.message, ...(m.extract ? { extract: m.extract } : {}) }];
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The checker's JSON report on `files` (it exits 1 when it found errors: the report is still whole). */
async function runVnu(files: readonly string[]): Promise<string> {
  // No language detection: it only ever warns, and it costs more than the checking of the markup.
  const args = ['-jar', VNU_JAR, '--format', 'json', '--stdout', '--errors-only', '--no-langdetect', ...files];
  try {
    return (await promisify(execFile)('java', args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const out = (error as { stdout?: string }).stdout;
    if (out?.trimStart().startsWith('{')) return out;
    throw new Error(`The Nu HTML checker did not run (java -jar ${VNU_JAR}); see scripts/test-env.ts for Java.`, {
      cause: error,
    });
  }
}
