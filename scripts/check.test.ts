import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const TSX = pathToFileURL(join(process.cwd(), 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

describe('npm run check', () => {
  const check = (target?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', ...(target ? [target] : [])], {
      encoding: 'utf8',
    });

  it('exits 0 on the real manifest', () => {
    const r = check();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Manifest is valid: 60 routes/);
  });

  it('exits 1 and prints file:line:col, message, hint and a code frame, no stack trace', () => {
    const r = check('engine/__fixtures__/bad-many-problems');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('engine/__fixtures__/bad-many-problems/catalogue.yaml:25:11  Unknown page kind');
    expect(r.stderr).toContain('> 25 |     kind: categroy');
    expect(r.stderr).toContain('3 problems found in the manifest.');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('says what an edit adds and removes against the last commit, or a given ref', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shade-check-'));
    try {
      cpSync('manifest', join(dir, 'manifest'), { recursive: true });
      const git = (...a: string[]) => spawnSync('git', a, { cwd: dir, encoding: 'utf8' });
      git('init', '-q');
      git('add', '.');
      git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'manifest');
      const families = join(dir, 'manifest', 'families.yaml');
      const member = [
        '      - slug: pool-side',
        '        name: Pool Side Pergolas',
        '        folder: Aluminum Pergolas/Pool Side',
        '        subcategory: louvered-roof',
        '        type: pool-side',
        '        description: A louvered pergola sized for the pool deck.',
        '        features: [Salt-air finish, Louvers rotate 0-90 degrees]',
        '',
      ].join('\n');
      const text = readFileSync(families, 'utf8').replace(
        '\n  - id: screen-applications',
        `\n${member}  - id: screen-applications`,
      );
      writeFileSync(families, text.replace(/\n {6}- slug: wood-blinds[\s\S]*$/, '\n'));
      const run = (...a: string[]) =>
        spawnSync(process.execPath, ['--import', TSX, join(process.cwd(), 'scripts/check.ts'), ...a], {
          cwd: dir,
          encoding: 'utf8',
        });
      expect(run().stdout).toMatchInlineSnapshot(`
        "Manifest is valid: 62 routes, 47 products, 66 folders, 15 slots.
        Translations (warnings):
          Spanish (es): published; 50 of 54 pages translated.
            4 pages wait for texts:
            /pergola-pool-side: 4 texts missing
              manifest/families.yaml:286:15  families.pergola-variants.members.pool-side.name
              manifest/families.yaml:290:22  families.pergola-variants.members.pool-side.description
              manifest/families.yaml:291:20  families.pergola-variants.members.pool-side.features.0
            /pergola-pool-side-images: 1 text missing
              manifest/families.yaml:286:15  families.pergola-variants.members.pool-side.name
            /pergola-pool-side-videos: 1 text missing
              manifest/families.yaml:286:15  families.pergola-variants.members.pool-side.name
            /motorized-shades-videos: 10 texts missing
              manifest/catalogue.yaml:720:11  products.motorized-shades-videos.name
              manifest/pages.yaml:1500:14  pages.motorized-shades-videos.heading
              manifest/pages.yaml:1502:20  pages.motorized-shades-videos.back.label
        Against HEAD, this edit:
          adds 3 pages: /pergola-pool-side, /pergola-pool-side-images, /pergola-pool-side-videos
          removes 1 page: /wood-blinds-gallery
          adds 1 product: pergola-pool-side
          removes 1 product: wood-blinds
          adds 3 folders: Aluminum Pergolas/Pool Side, Aluminum Pergolas/Pool Side/Images, Aluminum Pergolas/Pool Side/Videos
          removes 1 folder: Interior Window Coverings/Blinds/Wood
          adds 3 sitemap entries: /pergola-pool-side, /pergola-pool-side-images, /pergola-pool-side-videos
          removes 1 sitemap entry: /wood-blinds-gallery
        "
      `);
      expect(run('--against', 'HEAD').stdout).toBe(run().stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 on a missing manifest', () => {
    const r = check('nowhere');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('nowhere:1:1  The manifest file nowhere does not exist.');
  });
});
