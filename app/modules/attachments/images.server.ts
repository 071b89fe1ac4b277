/**
 * An attached image read once, at upload (docs/product.md §14 'Attachments'): its size as a viewer sees it, for
 * what it takes of a model's window, a small thumbnail for the chat, so a page of history never loads the
 * photographs themselves, and the bytes to keep, without the metadata a camera writes (where it was taken).
 */
import sharp, { type Metadata } from "sharp";

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

/**
 * The image without what a camera or an editor records besides the picture (GPS position, device, times): an
 * image that carries any is re-encoded upright in its own format, keeping its colour profile; one that carries
 * none is kept byte for byte.
 */
async function withoutMetadata(bytes: Uint8Array, metadata: Metadata): Promise<Uint8Array> {
  if (!metadata.exif && !metadata.xmp && !metadata.iptc) return bytes;
  const stripped = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: true })
    .autoOrient()
    .keepIccProfile()
    .toFormat(metadata.format, { quality: 92 })
    .toBuffer();
  return new Uint8Array(stripped);
}

/**
 * The image read: `bytes` what is stored and sent (as uploaded, or re-encoded without its EXIF, XMP and IPTC
 * metadata) and its details. Null when the bytes, though they start as an image does, cannot be decoded as one.
 */
export async function readImage(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; details: ImageDetails } | null> {
  try {
    const options = { limitInputPixels: MAX_PIXELS, failOn: "error" } as const;
    const metadata = await sharp(bytes, options).metadata();
    const { width, height } = metadata.autoOrient;
    const thumbnail = await sharp(bytes, options)
      .autoOrient()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      bytes: await withoutMetadata(bytes, metadata),
      details: { width, height, thumbnail: new Uint8Array(thumbnail) },
    };
  } catch {
    return null;
  }
}
