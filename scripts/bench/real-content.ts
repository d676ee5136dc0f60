import { join } from 'node:path';
import type { Catalogue } from '../../engine/index.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { phonePhoto, writePhonePhotos } from '../phone-photos.ts';

/** The setup password the benchmark's server process gets (it makes the owner, who uploads). */
export const BENCH_STAFF_PASSWORD = 'bench staff password';
const BENCH_OWNER = { email: 'bench@staff.test', name: 'Benchmark', password: 'benchmark owner passphrase' };

/** Makes the benchmark's owner with the setup password (a fresh data directory), else signs them in; the cookie. */
async function benchSession(url: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const setup = await post(STAFF_API.setup, { ...BENCH_OWNER, setupPassword: BENCH_STAFF_PASSWORD });
  const signIn = setup.status === 410 ? await post(STAFF_API.signIn, BENCH_OWNER) : setup;
  if (!signIn.ok) throw new Error(`Signing in failed: ${signIn.status}`);
  return (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Slots that get a phone photo: every home slot and the screens hero. */
export const realSlots = (c: Catalogue): string[] =>
  c.slots.filter((s) => s.group === 'Homepage Images' || s.id === 'screens-hero').map((s) => s.id);

/** The folder of the benchmarked gallery (`/pergola-fixed-roof-attached-images`, the first image gallery). */
export const GALLERY_FOLDER = 'Aluminum Pergolas/Fixed Roof/Attached to Structure/Images';

/** Writes 12 phone photos into the gallery's folder (before the server starts: no stale listing). */
export async function addGalleryPhotos(dataDir: string, folder: string): Promise<void> {
  await writePhonePhotos(join(dataDir, 'media', ...folder.split('/')), 12, 100);
}

/** Uploads one phone photo per slot through the staff API, as the image manager does. */
export async function uploadSlotPhotos(url: string, slots: readonly string[]): Promise<void> {
  const headers = { origin: url };
  const cookie = await benchSession(url);
  for (const [i, slot] of slots.entries()) {
    const form = new FormData();
    form.set('productId', slot);
    const bytes = await phonePhoto(200 + i, { orientation: i % 3 === 2 ? 6 : 1 });
    form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${5000 + i}.jpg`);
    const answer = await fetch(`${url}${STAFF_API.upload}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: form,
    });
    if (!answer.ok) throw new Error(`Uploading to ${slot} failed: ${answer.status} ${await answer.text()}`);
  }
}
