/**
 * Where uploaded files live (docs/design-brief.md, section 6). Keys are made by the storage, never by a client, so no
 * client-chosen name ever reaches a path. A local folder today; an object store later implements the same four calls.
 */
export interface FileStorage {
  readonly kind: 'local-folder';
  /** Stores the bytes under a new server-made key and returns it. */
  put(bytes: Uint8Array, options: { extension: string }): Promise<string>;
  /** The bytes under `key`, or null when there are none (or the key is not one this storage makes). */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error (used to undo a failed upload). */
  delete(key: string): Promise<void>;
}
