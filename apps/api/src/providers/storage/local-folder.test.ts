import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFolderStorage } from './local-folder';

describe('local folder storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rampart-storage-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores under server-made keys, private to the service, and reads and deletes them', async () => {
    const storage = createLocalFolderStorage(path.join(dir, 'uploads'));
    const key = await storage.put(Buffer.from('hello'), { extension: 'pdf' });
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect((await stat(path.join(dir, 'uploads', key))).mode & 0o777).toBe(0o600);
    expect((await storage.get(key))?.toString()).toBe('hello');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // deleting twice is not an error
  });

  it('never resolves a key it did not make, so no path can escape the folder', async () => {
    const storage = createLocalFolderStorage(path.join(dir, 'uploads'));
    for (const key of ['../secret', '/etc/passwd', 'aa/../../x.pdf', 'aa/not-a-uuid.pdf', ''])
      expect(await storage.get(key)).toBeNull();
    await expect(storage.put(Buffer.from('x'), { extension: 'html' })).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['uploads']);
  });
});
