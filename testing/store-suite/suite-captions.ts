import { expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { getJson, postJson } from './client.ts';
import type { SuiteContext } from './context.ts';

/**
 * Products whose folders no other group of the suite reads, nor refreshes through an aggregate (a
 * refresh soon after another answers the listing that one loaded): one for each test.
 */
const PRODUCT = 'pergola-custom-angles';
const CHANGED = 'pergola-multi-zone';

const yaml = (entries: readonly (readonly [string, string])[]): Buffer =>
  Buffer.from(entries.map(([name, caption]) => `${JSON.stringify(name)}: ${JSON.stringify(caption)}`).join('\n'));

/**
 * Captions in further languages: a folder's `captions.<lang>.yaml` beside its `captions.yaml`, and a
 * file's own caption text (local: its `<file>.txt` sidecar; Drive: its description) with an `es:`
 * line, which wins language by language; a changed captions file shows once the folder is listed again.
 */
export function captionTests(ctx: SuiteContext): void {
  const base = () => ctx.target.baseUrl;
  const folder = (product: string) => ctx.catalogue.products.find((p) => p.id === product)?.folder ?? '';
  const listing = async (product: string) =>
    (await getJson<ApiMediaItem[]>(base(), `/api/drive-images/${ctx.folderOf(product)}`)).body;
  const refresh = async (product: string) =>
    (await postJson<ApiMediaItem[]>(base(), `/api/refresh/${ctx.folderOf(product)}`)).body;
  const photos = async (product: string) =>
    (await listing(product)).filter((i) => i.kind === 'image').map((i) => i.name);

  it('serves Spanish captions from captions.es.yaml and an es: line of a file’s own caption; none blocks', async () => {
    const before = await listing(PRODUCT);
    const [a, b, c, d] = await photos(PRODUCT);
    if (!a || !b || !c || !d) throw new Error(`The demo folder of ${PRODUCT} has fewer than four photos.`);
    const at = folder(PRODUCT);
    await ctx.target.addFile(
      at,
      'captions.yaml',
      yaml([
        [a, 'Pergola cut to the corner of the house'],
        [b, 'From the table'],
      ]),
    );
    await ctx.target.addFile(
      at,
      'captions.es.yaml',
      yaml([
        [a, 'Pérgola cortada a la medida de la esquina de la casa'],
        [b, 'De la tabla'],
        [c, 'Solo en español'],
      ]),
    );
    await ctx.target.setOwnCaption(at, b, 'Angled beams over the patio\nes: Vigas en ángulo sobre el patio');
    const items = await refresh(PRODUCT);
    const byName = (name: string) => items.find((i) => i.name === name);
    expect(byName(a)).toMatchObject({
      caption: 'Pergola cut to the corner of the house',
      captions: { es: 'Pérgola cortada a la medida de la esquina de la casa' },
    });
    // The file's own text wins over both tables.
    expect(byName(b)).toMatchObject({
      caption: 'Angled beams over the patio',
      captions: { es: 'Vigas en ángulo sobre el patio' },
    });
    expect(byName(c)).toMatchObject({ captions: { es: 'Solo en español' } });
    expect(byName(c)).not.toHaveProperty('caption');
    // No caption in any language: the item is as it was (the site makes its title from the name).
    expect(byName(d)).toEqual(before.find((i) => i.name === d));
    // The caption files are no gallery items.
    expect(items.map((i) => i.name)).toEqual(before.map((i) => i.name));
  });

  it('serves the demo folder’s captions, in English and Spanish, from the files the demo writes', async () => {
    const items = await listing('pergola-fixed-roof-attached');
    const spanish = items.filter((i) => i.captions?.['es']);
    expect(spanish).toHaveLength(3);
    for (const item of spanish) expect(item.caption).toBeTruthy();
    expect(items.map((i) => i.name)).not.toContain('captions.es.yaml');
  });

  it('picks up a changed captions.es.yaml when the folder is listed again, as it does captions.yaml', async () => {
    const [a] = await photos(CHANGED);
    if (!a) throw new Error(`The demo folder of ${CHANGED} has no photo.`);
    await ctx.target.addFile(folder(CHANGED), 'captions.es.yaml', Buffer.from(`${a}: Pérgola de varias zonas`));
    // The cached listing answers until the folder is listed again (its freshness ends, or Refresh).
    expect((await listing(CHANGED)).find((i) => i.name === a)).not.toHaveProperty('captions');
    const spanish = { es: 'Pérgola de varias zonas' };
    expect((await refresh(CHANGED)).find((i) => i.name === a)?.captions).toEqual(spanish);
    expect((await listing(CHANGED)).find((i) => i.name === a)?.captions).toEqual(spanish);
  });
}
