import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './types';

// Keys are '<two hex>/<uuid>.<ext>': the prefix spreads files over 256 folders so no folder grows huge.
const KEY = /^([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|pdf)$/;
const EXTENSION = /^(jpg|png|pdf)$/;

/** Files under `root` (DATA_DIR/uploads), created on first use so a process that never uploads leaves no folder. */
export function createLocalFolderStorage(root: string): FileStorage {
  const resolvedRoot = path.resolve(root);

  function pathOf(key: string): string | null {
    // Only keys this storage made resolve to a path: anything else (../, absolute paths) is simply not found.
    if (!KEY.test(key)) return null;
    return path.join(resolvedRoot, ...key.split('/'));
  }

  return {
    kind: 'local-folder',
    async put(bytes, { extension }) {
      if (!EXTENSION.test(extension)) throw new Error(`unsupported storage extension: ${extension}`);
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}.${extension}`;
      const file = pathOf(key);
      if (!file) throw new Error('storage key does not match its own pattern');
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // 'wx': never overwrite an existing file; 0600: identity documents are readable by the service only.
      await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      const file = pathOf(key);
      if (!file) return null;
      try {
        return await readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = pathOf(key);
      if (file) await rm(file, { force: true });
    },
  };
}
