import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that a reader (or a crash at any moment) sees either the old bytes or the new ones:
 * a temp file in the same directory, fsync, rename over the target, fsync of the directory.
 */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  // The rename itself is durable only once the directory entry is on disk.
  const dirHandle = await open(dir, 'r');
  try {
    await dirHandle.sync();
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    await dirHandle.close();
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

/**
 * Removes the temp files of `writeFileAtomic` that killed processes left in `dir` (best effort; a live
 * writer's are kept).
 */
export async function removeStaleTemps(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stale = names.filter((n) => {
    const found = /^\..+\.(\d+)\.[a-f0-9]{12}\.tmp$/.exec(n);
    const pid = Number(found?.[1]);
    return found !== null && pid !== process.pid && !isRunning(pid);
  });
  await Promise.all(stale.map((n) => rm(join(dir, n), { force: true })));
}

/** Runs tasks one at a time, in order: one writer per file. A failed task does not stop the queue. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
