import sharp, { type Sharp } from 'sharp';
import { MAX_SCREENSHOT_PIXELS, MAX_SCREENSHOT_SIDE } from '../../domain/screenshots/events.ts';
import { invalid } from '../../domain/shared/errors.ts';

/**
 * Every image people send (screenshots, task images) comes in here: its
 * bytes say what it is, its header how large it is, and only an image within
 * the limits is decoded, re-encoded without the sent file's metadata, a few
 * at a time.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** The largest side and area decoded, of every frame together: a small file can claim billions of pixels. */
export const MAX_IMAGE_SIDE = MAX_SCREENSHOT_SIDE;
export const MAX_IMAGE_PIXELS = MAX_SCREENSHOT_PIXELS;

export const imageMessages = {
  tooManyPixels: 'The image is too large: at most 8,000 × 8,000 pixels and 40 megapixels.',
} as const;

/** What one kind of upload accepts, and what it answers when the bytes are not such an image. */
export interface IntakeRules {
  formats: readonly ImageFormat[];
  maxBytes: number;
  notAnImage: string;
  /** Answered (413) for more bytes than maxBytes. */
  tooLarge: string;
}

export const SCREENSHOT_RULES: IntakeRules = {
  formats: ['png', 'jpeg', 'webp'],
  maxBytes: 5 * 1024 * 1024,
  notAnImage: 'Send a PNG, JPEG or WebP image.',
  tooLarge: 'The screenshot is larger than 5 MB.',
};

export const TASK_IMAGE_RULES: IntakeRules = {
  formats: ['png', 'jpeg', 'webp', 'gif'],
  maxBytes: 5 * 1024 * 1024,
  notAnImage: 'File could not be uploaded',
  tooLarge: 'File could not be uploaded',
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The format by the file's first bytes, whatever the request says it sends (no SVG, ever). */
export function imageFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** An image the rules accept, as its header describes it: nothing decoded yet. */
export interface CheckedImage {
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
  /** Frames of an animation; 1 for a still. */
  frames: number;
}

/**
 * Checks the sent bytes by their format and header alone: a refusal costs no
 * decoding. An image larger than the limits (counting every frame) is refused.
 */
export async function checkedImage(bytes: Buffer, rules: IntakeRules): Promise<CheckedImage> {
  if (bytes.length > rules.maxBytes) throw invalid(rules.tooLarge);
  const format = imageFormat(bytes);
  if (!format || !rules.formats.includes(format)) throw invalid(rules.notAnImage);
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header || header.format !== format || !header.width || !header.height) throw invalid(rules.notAnImage);
  const { width, height } = header;
  const frames = header.pages ?? 1;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height * frames > MAX_IMAGE_PIXELS) throw invalid(imageMessages.tooManyPixels);
  return { bytes, format, width, height, frames };
}

/**
 * At most this many images are decoded at once, the others wait their turn:
 * each holds its decoded pixels while it is (up to 160 MB at 40 megapixels),
 * so many large ones sent together would otherwise take gigabytes.
 */
const DECODINGS_AT_ONCE = 2;
let decodings = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (decodings < DECODINGS_AT_ONCE) decodings++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else decodings--;
  }
}

/** Decodes a checked image (one of few at a time); pixels that do not decode (a truncated or corrupt file) are not an image. */
async function decoded<T>(image: CheckedImage, rules: IntakeRules, work: (input: () => Sharp) => Promise<T>): Promise<T> {
  const animated = image.frames > 1;
  // Turned upright by its orientation tag, which is dropped with the rest of the metadata (sharp's default).
  const input = () => {
    const pipeline = sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated });
    return animated ? pipeline : pipeline.rotate();
  };
  try {
    return await oneOfFew(() => work(input));
  } catch {
    throw invalid(rules.notAnImage);
  }
}

const THUMBNAIL_WIDTH = 320;
/**
 * libwebp's effort for screenshots: 2 of 0–6. Re-encoding is the server's
 * heaviest work; measured on a 1280×800 screen, 2 took 30 ms where the default
 * 4 took 69 (a noisy, photo-like screen: 124 against 219), for files about
 * 10% larger.
 */
const SCREENSHOT_EFFORT = 2;

/** A screenshot as it is stored: WebP without the sent file's metadata, and a thumbnail. */
export interface StoredScreenshot {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
}

/** Re-encodes a screenshot the intake checked. */
export async function storedScreenshot(image: CheckedImage): Promise<StoredScreenshot> {
  const { stored, thumbnail } = await decoded(image, SCREENSHOT_RULES, async (input) => ({
    stored: await input().webp({ quality: 80, effort: SCREENSHOT_EFFORT }).toBuffer({ resolveWithObject: true }),
    thumbnail: await input().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 70, effort: SCREENSHOT_EFFORT }).toBuffer({ resolveWithObject: true }),
  }));
  return {
    image: stored.data,
    thumbnail: thumbnail.data,
    width: stored.info.width,
    height: stored.info.height,
    thumbnailWidth: thumbnail.info.width,
    thumbnailHeight: thumbnail.info.height,
  };
}

/** A task image as it is stored: in the format it came in (animations kept), without the sent file's metadata. */
export interface StoredTaskImage {
  bytes: Buffer;
  format: ImageFormat;
  mime: string;
  /** The file name's ending. */
  ext: 'png' | 'jpg' | 'webp' | 'gif';
}

const TASK_IMAGE_FILES = {
  png: { mime: 'image/png', ext: 'png' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
} as const;

/** Checks and re-encodes a task image: the screenshots' limits of size and pixels, and PNG, JPEG, WebP or GIF. */
export async function storedTaskImage(bytes: Buffer): Promise<StoredTaskImage> {
  const image = await checkedImage(bytes, TASK_IMAGE_RULES);
  const stored = await decoded(image, TASK_IMAGE_RULES, (input) => {
    const pipeline = input();
    const encoded = { png: () => pipeline.png(), jpeg: () => pipeline.jpeg({ quality: 90 }), webp: () => pipeline.webp({ quality: 90 }), gif: () => pipeline.gif() }[image.format]();
    return encoded.toBuffer();
  });
  return { bytes: stored, format: image.format, ...TASK_IMAGE_FILES[image.format] };
}
