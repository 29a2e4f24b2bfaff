import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStorage, FILE_STORAGE_MODE } from '../../src/node/index.js';

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
});
