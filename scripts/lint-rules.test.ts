import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house's import rules (eslint.config.js), each shown failing on a deliberate violation written
 * where the rule applies (the code is linted as if it were that file; nothing is written).
 */
const eslint = new ESLint();

async function messagesOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import rules', () => {
  it('the server imports nothing from scripts/ (tests may)', async () => {
    const code =
      "import { demoDataTemplate } from '../../scripts/demo-media.ts';\nexport const x = demoDataTemplate;\n";
    expect(await messagesOf('server/live/example.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*The server imports nothing from scripts\//),
    ]);
    expect(await messagesOf('server/live/example.test.ts', code)).toEqual([]);
  });

  it('the site never imports server code', async () => {
    const code = "import { CACHE } from '../../server/middleware/cache-control.ts';\nexport const x = CACHE;\n";
    expect(await messagesOf('site/components/Example.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*The site never imports server code/),
    ]);
  });

  it('production code never imports the test tooling', async () => {
    const code = "import { PASSWORD } from '../../testing/staff-harness.ts';\nexport const x = PASSWORD;\n";
    expect(await messagesOf('server/staff/example.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*testing\/ is test tooling/),
    ]);
  });

  it('static templates and sections never fetch: swr, jotai and the fetching hooks belong to islands', async () => {
    const code = "import { useMedia } from '../data/hooks.ts';\nexport const x = useMedia;\n";
    expect(await messagesOf('site/sections/Example.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Static code reads the page payload/),
    ]);
    expect(await messagesOf('site/islands/example.island.tsx', code)).toEqual([]);
  });
});
