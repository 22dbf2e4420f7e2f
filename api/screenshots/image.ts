import sharp from 'sharp';
import { MAX_SCREENSHOT_PIXELS, MAX_SCREENSHOT_SIDE } from '../../domain/screenshots/events.ts';
import { invalid } from '../../domain/shared/errors.ts';

export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
const THUMBNAIL_WIDTH = 320;

export const imageMessages = {
  notAnImage: 'Send a PNG, JPEG or WebP image.',
  tooManyPixels: 'The image is too large: at most 8,000 × 8,000 pixels and 40 megapixels.',
  tooLarge: 'The screenshot is larger than 5 MB.',
} as const;

type Format = 'png' | 'jpeg' | 'webp';

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The format by the file's first bytes: only PNG, JPEG and WebP (no SVG, no GIF, whatever the request says it sends). */
export function imageFormat(bytes: Buffer): Format | null {
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * At most this many screenshots are re-encoded at once, the others wait their
 * turn: each holds its decoded pixels while it is, so many large ones sent
 * together would otherwise take gigabytes.
 */
const ENCODINGS_AT_ONCE = 2;
let encodings = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (encodings < ENCODINGS_AT_ONCE) encodings++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else encodings--;
  }
}

/** A screenshot as it is stored: WebP without the sent file's metadata, and a thumbnail. */
export interface StoredImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/**
 * Checks the sent bytes and re-encodes them. The size is read from the
 * header alone, and an image larger than the limits is refused before any
 * pixel is decoded: a small file can claim billions of pixels.
 */
export async function storedImage(bytes: Buffer): Promise<StoredImage> {
  const format = imageFormat(bytes);
  if (!format) throw invalid(imageMessages.notAnImage);
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header || header.format !== format || !header.width || !header.height) throw invalid(imageMessages.notAnImage);
  const { width, height } = header;
  if (width > MAX_SCREENSHOT_SIDE || height > MAX_SCREENSHOT_SIDE || width * height > MAX_SCREENSHOT_PIXELS) throw invalid(imageMessages.tooManyPixels);

  // Turned upright by its orientation tag, which is dropped with the rest of the metadata (sharp's default).
  const upright = () => sharp(bytes, { limitInputPixels: MAX_SCREENSHOT_PIXELS }).rotate();
  try {
    // One after the other: each holds the decoded pixels (up to 160 MB at 40 megapixels) while it runs.
    const { image, thumbnail } = await oneOfFew(async () => ({
      image: await upright().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      thumbnail: await upright().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer({ resolveWithObject: true }),
    }));
    return {
      image: image.data,
      thumbnail: thumbnail.data,
      width: image.info.width,
      height: image.info.height,
      thumbnailWidth: thumbnail.info.width,
      thumbnailHeight: thumbnail.info.height,
    };
  } catch {
    // A header that reads well over pixels that do not (a truncated or corrupt file).
    throw invalid(imageMessages.notAnImage);
  }
}
