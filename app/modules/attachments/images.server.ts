/**
 * An attached image read once, at upload (docs/product.md §14 'Attachments'): its size as a viewer sees it, for
 * what it takes of a model's window, and a small thumbnail for the chat, so a page of history never loads
 * the photographs themselves.
 */
import sharp from "sharp";

/** The longer side of a thumbnail, in pixels: twice what the bubble shows, for sharp high-density screens. */
export const THUMBNAIL_SIDE = 320;

/** Bigger images are refused unread: a small file can declare a huge canvas (a decompression bomb). */
const MAX_PIXELS = 100_000_000;

export interface ImageDetails {
  width: number;
  height: number;
  /** WebP, at most THUMBNAIL_SIDE on its longer side, turned upright as its EXIF orientation says. */
  thumbnail: Uint8Array;
}

/** Null when the bytes, though they start as an image does, cannot be decoded as one. */
export async function readImage(bytes: Uint8Array): Promise<ImageDetails | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const { width, height } = (await image.metadata()).autoOrient;
    const thumbnail = await image
      .autoOrient()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { width, height, thumbnail: new Uint8Array(thumbnail) };
  } catch {
    return null;
  }
}
