import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { MANIFEST_DIR } from '../engine/node/read.ts';
import { loadConfig } from '../server/config.ts';
import { databaseTarget, openSiteDatabase, type Database } from '../server/db/database.ts';
import { announcePublished } from '../server/manifest/follow.ts';
import { filesBase, markFiles, publishFiles, readFiles } from '../server/manifest/source.ts';
import type { ManifestFile } from '../engine/shared/manifest.ts';
import { ManifestVersions } from '../server/manifest/versions.ts';
import { buildDraft } from '../server/manifest/draft.ts';
import { createLogger } from '../server/log.ts';

/**
 * The manifest's files are a way in and out of the site database, where its versions live:
 * `npm run manifest -- export [--version N]` writes a version to manifest/ (and remembers which, in
 * manifest/.version); `npm run manifest -- publish [--note "..."]` publishes the files as a
 * compare-and-swap on that version, refused with a per-file diff when the live version moved on.
 */
const [command, ...rest] = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};

/** A unified diff per file that differs, `from` -> `to`. */
function filesDiff(from: readonly ManifestFile[], to: readonly ManifestFile[], labels: [string, string]): string {
  const names = [...new Set([...from, ...to].map((f) => f.name))].sort();
  const text = (files: readonly ManifestFile[], name: string) => files.find((f) => f.name === name)?.text ?? '';
  return names
    .filter((n) => text(from, n) !== text(to, n))
    .map((n) => createTwoFilesPatch(`${labels[0]}/${n}`, `${labels[1]}/${n}`, text(from, n), text(to, n)))
    .join('\n');
}

async function exportVersion(versions: ManifestVersions, dataDir: string): Promise<void> {
  const wanted = option('--version');
  const number = wanted ? Number(wanted) : await versions.liveNumber();
  const version = Number.isInteger(number) && number > 0 ? await versions.get(number) : undefined;
  if (!version)
    throw new Error(wanted ? `There is no version ${wanted}.` : 'There is no version yet: start the server once.');
  const dir = resolve(MANIFEST_DIR);
  for (const name of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) rmSync(join(dir, name));
  for (const f of version.files) writeFileSync(join(dir, f.name), f.text);
  await markFiles(version.number, dataDir);
  process.stdout.write(`Wrote version ${version.number} (${version.files.length} files) to ${MANIFEST_DIR}/.\n`);
}

async function publish(database: Database, versions: ManifestVersions, dataDir: string): Promise<void> {
  const logger = createLogger('warn');
  const base = await filesBase(dataDir);
  const published = await publishFiles(
    {
      versions,
      dataDir,
      logger,
      live: () => undefined,
      published: (n) => announcePublished(database, n),
    },
    option('--note') ?? 'npm run manifest -- publish',
  );
  if (published !== undefined) {
    process.stdout.write(`Published version ${published}; every server serves it within about a second.\n`);
    return;
  }
  const live = await versions.live();
  const files = readFiles();
  if (!buildDraft(files).ok) throw new Error('Not published: the files have problems (above).');
  if (live && base !== undefined && base !== live.number) {
    const from = (await versions.get(base))?.files ?? [];
    process.stderr.write(`What changed since version ${base}, which the files came from:\n`);
    process.stderr.write(filesDiff(from, live.files, [`version-${base}`, `version-${live.number}`]));
    throw new Error(`Not published: version ${live.number} is live. Merge by hand: export it, edit again, publish.`);
  }
  if (base === undefined) throw new Error('Not published: run npm run manifest -- export first.');
  process.stdout.write(`Nothing to publish: the files are version ${live?.number ?? 0} as it is.\n`);
}

async function main(): Promise<void> {
  if (command !== 'export' && command !== 'publish') {
    throw new Error('Use: npm run manifest -- export [--version N] | publish [--note "what changed"]');
  }
  const config = loadConfig();
  const database = await openSiteDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  try {
    const versions = new ManifestVersions(database);
    await (command === 'export'
      ? exportVersion(versions, config.dataDir)
      : publish(database, versions, config.dataDir));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
});
