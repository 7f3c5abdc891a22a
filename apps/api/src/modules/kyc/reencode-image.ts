import sharp from 'sharp';

// Uploaded documents are personal: libvips keeps no copy of them in its operation cache.
sharp.cache(false);

/** Decision 052: a 200-megapixel phone photo still decodes; a small file claiming more pixels (a bomb) does not. */
export const IMAGE_MAX_INPUT_PIXELS = 200_000_000;
/** Longer sides are scaled down to this: more than any identity document or selfie needs to be read. */
export const IMAGE_MAX_SIDE = 8192;

/**
 * Decision 052: the image stored is made from the upload's decoded pixels, in the same format: nothing of the file but
 * its pixels survives (no text, EXIF or other chunk, nothing appended, no second frame), so whatever a chunk or a
 * comment carried (markup, compressed or UTF-16 text, a refresh) is gone. EXIF's orientation is applied to the pixels
 * first, so a phone photo stays upright. Runs in libuv's thread pool, not on the event loop. Null: the bytes do not
 * decode as an image (or have more than IMAGE_MAX_INPUT_PIXELS).
 */
export async function reencodeImage(bytes: Buffer, mime: 'image/jpeg' | 'image/png'): Promise<Buffer | null> {
  try {
    // Like a browser, what decodes is shown, a damaged or cut-short file included (its missing part grey): the pixels
    // are all that is kept either way.
    const pixels = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'none' })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (mime === 'image/jpeg' ? pixels.jpeg({ quality: 92 }) : pixels.png()).toBuffer();
  } catch {
    return null;
  }
}
