import { execFile } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { demoPlan } from '../server/imaging/demo-media.ts';
import { demoDataTemplate } from './demo-media.ts';

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

describe('demo media', () => {
  let catalogue: Catalogue;
  let dir: string;
  beforeAll(async () => {
    const built = loadCatalogue();
    if (!built.ok) throw new Error('invalid manifest');
    catalogue = built.catalogue;
    dir = await demoDataTemplate(catalogue);
  }, 60_000);

  const filesOf = (path: string) => readdir(join(dir, 'media', ...path.split('/')));

  it('gives media to every folder a product or page uses, and to every leaf', async () => {
    const planned = new Set(demoPlan(catalogue).map((p) => p.path));
    const used = [...catalogue.products.map((p) => p.folder), ...catalogue.pages.map((p) => p.folder)];
    for (const path of used) if (path) expect(planned.has(path), path).toBe(true);
    for (const path of planned) expect((await filesOf(path)).length, path).toBeGreaterThanOrEqual(3);
  });

  it('puts photos of several aspect ratios in photo folders', async () => {
    const plan = demoPlan(catalogue).find((p) => !p.video);
    const names = (await filesOf(plan?.path ?? '')).filter((n) => n.endsWith('.jpg'));
    const ratios = await Promise.all(
      names.map(async (n) => {
        const m = await sharp(join(dir, 'media', ...(plan?.path ?? '').split('/'), n)).metadata();
        return (m.width / m.height).toFixed(2);
      }),
    );
    expect(new Set(ratios).size).toBeGreaterThanOrEqual(3);
  });

  it('puts an H.264 yuv420p faststart MP4 and a MOV, each with a poster, in every video folder', async () => {
    const videoFolders = demoPlan(catalogue).filter((p) => p.video);
    expect(videoFolders.map((p) => p.path)).toContain('Retractable Awnings/Video');
    for (const { path } of videoFolders) {
      const names = await filesOf(path);
      const mp4 = names.find((n) => n.endsWith('.mp4'));
      const mov = names.find((n) => n.endsWith('.mov'));
      expect(mp4 && mov, path).toBeTruthy();
      for (const clip of [mp4, mov]) expect(names).toContain(clip?.replace(/\.\w+$/, '.poster.jpg'));
    }
    const sample = join(dir, 'media', ...(videoFolders[0]?.path ?? '').split('/'));
    const mp4 = (await readdir(sample)).find((n) => n.endsWith('.mp4')) ?? '';
    const bytes = await readFile(join(sample, mp4));
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const probe = await promisify(execFile)(ffmpeg, ['-hide_banner', '-i', join(sample, mp4)]).catch(
      (e: { stderr: string }) => e,
    );
    expect(probe.stderr).toMatch(/Video: h264 .*yuv420p/);
  });

  it('writes every slot fallback under defaults/ and stays well under 20 MB', async () => {
    for (const slot of catalogue.slots) {
      const file = slot.fallback.replace(/^\/defaults\//, '');
      expect((await stat(join(dir, 'defaults', file))).size, slot.id).toBeGreaterThan(1000);
    }
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(join(e.parentPath, e.name))));
    expect(sizes.reduce((n, s) => n + s.size, 0)).toBeLessThan(20e6);
  });
});
