import { basename } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readManifest } from '../../engine/node/read.ts';
import { answerText } from '../errors.ts';
import { withMembers } from '../../testing/large-manifests.ts';
import { ManifestBuilder, type Built } from './builder.ts';

// The build worker for real (its own thread, the real engine): over its limits a build is refused
// naming the limit, and the next build gets a new worker.
const files = readManifest().sources.map((s) => ({ name: basename(s.file), text: s.text }));
const large = withMembers(files, 3_000);
let builder: ManifestBuilder | undefined;
afterEach(() => builder?.close());

const refusal = (built: Built): string => (built.ok ? 'built' : answerText(built.refusal));

it('a build past its time limit is stopped and refused naming the limit; the next one runs', async () => {
  builder = new ManifestBuilder({ seconds: 0.5, megabytes: 2048 });
  expect(refusal(await builder.run({ files: large, keep: false }))).toMatch(
    /^Checking this manifest took longer than 0\.5 s, the most a check may take/,
  );
  builder = new ManifestBuilder({ seconds: 60, megabytes: 2048 });
  const next = await builder.run({ files, keep: true });
  expect(next.ok && next.check.ok && next.catalogue?.pages.length).toBeGreaterThan(50);
}, 60_000);

it('a build past its memory limit is refused naming the limit, never a crash', async () => {
  builder = new ManifestBuilder({ seconds: 60, megabytes: 48 });
  expect(refusal(await builder.run({ files: large, keep: true }))).toMatch(
    /^Checking this manifest needed more than 48 MB of memory/,
  );
}, 60_000);

it("one build at a time: a request while one runs is refused at once (429), the server's own wait their turn", async () => {
  builder = new ManifestBuilder({ seconds: 60, megabytes: 2048 });
  const first = builder.run({ files, keep: false });
  const asked = await builder.tryRun({ files, keep: false });
  expect(asked).toMatchObject({ ok: false, refusal: { name: 'ManifestBusy' }, retryAfterS: expect.any(Number) });
  const waited = builder.run({ files, keep: false });
  expect((await first).ok && (await waited).ok).toBe(true);
}, 60_000);
