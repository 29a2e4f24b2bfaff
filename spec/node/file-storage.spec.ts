import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthError } from '../../src/auth/errors.js';
import { fileStorage, FILE_STORAGE_MODE } from '../../src/node/index.js';

/** Leaves a lock beside `file` as a process would: a folder with an owner file. */
async function leaveLock(file: string, owner: { pid: number; host: string }): Promise<string> {
  const lock = `${file}.lock`;
  await mkdir(lock, { recursive: true });
  await writeFile(join(lock, 'owner'), JSON.stringify(owner));
  return lock;
}

/** The id of a process that ran and exited. */
const deadPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', ''], (error) => (error === null ? resolve(child.pid as number) : reject(error)));
  });

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('fileStorage', () => {
  let root: string;
  beforeEach(async () => (root = await mkdtemp(join(tmpdir(), 'rxmcp-storage-'))));
  afterEach(async () => rm(root, { recursive: true, force: true }));

  it('keeps values in a file only its owner may read (0600), in a folder it creates as 0700', async () => {
    const file = join(root, 'config', 'rxmcp', 'oauth.json');
    const storage = fileStorage(file);
    await storage.set('tokens a', '{"accessToken":"t"}');
    expect((await stat(file)).mode & 0o777).toBe(FILE_STORAGE_MODE);
    expect((await stat(join(root, 'config', 'rxmcp'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ 'tokens a': '{"accessToken":"t"}' });
  });

  it('reads what another storage of the same file wrote, and forgets deleted keys', async () => {
    const file = join(root, 'oauth.json');
    await fileStorage(file).set('a', '1');
    const again = fileStorage(file);
    expect(await again.get('a')).toBe('1');
    await again.delete('a');
    expect(await fileStorage(file).get('a')).toBeUndefined();
  });

  it('loses none of several changes made at once', async () => {
    const storage = fileStorage(join(root, 'oauth.json'));
    await Promise.all(Array.from({ length: 10 }, (_, index) => storage.set(`k${index}`, String(index))));
    const values = await Promise.all(Array.from({ length: 10 }, (_, index) => storage.get(`k${index}`)));
    expect(values).toEqual(Array.from({ length: 10 }, (_, index) => String(index)));
  });

  it('tightens the mode of a file that was readable by others when it writes it', async () => {
    const file = join(root, 'oauth.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await fileStorage(file).set('a', '1');
    expect((await stat(file)).mode & 0o777).toBe(FILE_STORAGE_MODE);
  });

  it('treats an unreadable file as empty and replaces it on the next change', async () => {
    const file = join(root, 'oauth.json');
    await mkdir(root, { recursive: true });
    await writeFile(file, 'not json');
    const storage = fileStorage(file);
    expect(await storage.get('a')).toBeUndefined();
    await storage.set('a', '1');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: '1' });
  });

  describe('its lock, shared by the processes that use the file', () => {
    it('waits a bounded time for a lock a live process holds, then fails with AuthError reason storage-lock and writes nothing', async () => {
      const file = join(root, 'oauth.json');
      await leaveLock(file, { pid: process.pid, host: hostname() });
      const error = await Promise.resolve(fileStorage(file, { lockTimeoutMs: 300 }).set('a', '1')).then(() => undefined, (failure: unknown) => failure);
      expect(AuthError.is(error)).withContext(String(error)).toBeTrue();
      expect((error as AuthError).reason).toBe('storage-lock');
      expect(await exists(file)).toBeFalse();
    });

    it('runs a change of another storage of the file only after the task that holds the lock ended', async () => {
      const file = join(root, 'oauth.json');
      const holder = fileStorage(file);
      const order: string[] = [];
      let ended!: () => void;
      const holding = holder.lock?.('tokens', async () => {
        order.push('held');
        await new Promise<void>((resolve) => (ended = resolve));
        await holder.set('a', 'holder');
        order.push('released');
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const other = Promise.resolve(fileStorage(file).set('b', 'other')).then(() => order.push('other wrote'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      ended();
      await Promise.all([holding, other]);
      expect(order).toEqual(['held', 'released', 'other wrote']);
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ a: 'holder', b: 'other' });
      expect(await exists(`${file}.lock`)).toBeFalse();
    });

    it('breaks at once a lock left by a process of this host that no longer runs', async () => {
      const file = join(root, 'oauth.json');
      await leaveLock(file, { pid: await deadPid(), host: hostname() });
      await fileStorage(file, { lockTimeoutMs: 2000, staleLockMs: 60_000 }).set('a', '1');
      expect(await fileStorage(file).get('a')).toBe('1');
    });

    it('breaks a lock whose holder has not renewed it for staleLockMs', async () => {
      const file = join(root, 'oauth.json');
      const lock = await leaveLock(file, { pid: 1, host: 'another-host' });
      const minuteAgo = new Date(Date.now() - 60_000);
      await utimes(lock, minuteAgo, minuteAgo);
      await fileStorage(file, { lockTimeoutMs: 2000, staleLockMs: 1000 }).set('a', '1');
      expect(await fileStorage(file).get('a')).toBe('1');
    });

    it('renews the lock it holds, so a task longer than staleLockMs is not taken for stale', async () => {
      const file = join(root, 'oauth.json');
      const options = { staleLockMs: 300, lockTimeoutMs: 5000 };
      const order: string[] = [];
      const holding = fileStorage(file, options).lock?.('tokens', async () => {
        await new Promise((resolve) => setTimeout(resolve, 900));
        order.push('holder done');
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await fileStorage(file, options).set('a', '1');
      order.push('other wrote');
      await holding;
      expect(order).toEqual(['holder done', 'other wrote']);
    });
  });
});
