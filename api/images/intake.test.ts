import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngClaiming } from '../../tests/support/images.ts';
import { checkedImage, imageMessages, SCREENSHOT_RULES, storedScreenshot, storedTaskImage, TASK_IMAGE_RULES } from './intake.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2f4f7f' } }).png().toBuffer();
const screenshot = async (bytes: Buffer) => storedScreenshot(await checkedImage(bytes, SCREENSHOT_RULES));

describe('image intake', () => {
  it('re-encodes many screenshots sent at once, each its own, while only a few are decoded at a time', async () => {
    const sizes = Array.from({ length: 7 }, (_, i) => ({ width: 200 + i * 50, height: 100 + i * 10 }));
    const stored = await Promise.all(sizes.map(async ({ width, height }) => screenshot(await png(width, height))));
    expect(stored.map(({ width, height }) => ({ width, height }))).toEqual(sizes);
    for (const image of stored) expect((await sharp(image.image).metadata()).format).toBe('webp');
  });

  it('goes on after a refused one', async () => {
    const [truncated, whole] = [(await png(50, 50)).subarray(0, 60), await png(40, 30)];
    const [refused, accepted] = await Promise.allSettled([screenshot(truncated), screenshot(whole)]);
    expect(refused.status).toBe('rejected');
    expect(accepted).toMatchObject({ status: 'fulfilled', value: { width: 40, height: 30 } });
  });

  it('refuses a header claiming too many pixels, for every kind of image, before decoding', async () => {
    for (const rules of [SCREENSHOT_RULES, TASK_IMAGE_RULES]) {
      await expect(checkedImage(pngClaiming(50_000, 50_000), rules)).rejects.toThrow(imageMessages.tooManyPixels);
      await expect(checkedImage(pngClaiming(8_001, 10), rules)).rejects.toThrow(imageMessages.tooManyPixels);
    }
    await expect(storedTaskImage(pngClaiming(50_000, 50_000))).rejects.toThrow(imageMessages.tooManyPixels);
  });

  it('counts every frame of an animation against the pixels', async () => {
    // 11 frames of 2,000 × 2,000: each within the limits, 44 megapixels together.
    const frame = (colour: string) => sharp({ create: { width: 2_000, height: 2_000, channels: 3, background: colour } }).png({ compressionLevel: 1 }).toBuffer();
    const [red, blue] = await Promise.all([frame('#ff0000'), frame('#0000ff')]);
    const frames = Array.from({ length: 11 }, (_, i) => (i % 2 ? red : blue));
    const animation = await sharp(frames, { join: { animated: true } }).gif({ effort: 1, colours: 2, dither: 0 }).toBuffer();
    expect((await sharp(animation).metadata()).pages).toBe(11);
    await expect(checkedImage(animation, TASK_IMAGE_RULES)).rejects.toThrow(imageMessages.tooManyPixels);
  });

  it('keeps a task image in its format, animations too, without the sent metadata', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#40c057' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Agent Smith', Copyright: 'Hidden Corp' } })
      .toBuffer();
    const stored = await storedTaskImage(jpeg);
    expect(stored).toMatchObject({ format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' });
    expect(stored.bytes.includes('Hidden Corp')).toBe(false);
    const metadata = await sharp(stored.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();

    const frames = await Promise.all(['#f00', '#0f0', '#00f'].map((colour) => sharp({ create: { width: 30, height: 20, channels: 3, background: colour } }).png().toBuffer()));
    const gif = await storedTaskImage(await sharp(frames, { join: { animated: true } }).gif().toBuffer());
    expect(await sharp(gif.bytes).metadata()).toMatchObject({ format: 'gif', width: 30, height: 20, pages: 3 });
  });

  it('refuses what its rules do not take: a GIF screenshot, SVG anywhere', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(checkedImage(gif, SCREENSHOT_RULES)).rejects.toThrow(SCREENSHOT_RULES.notAnImage);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(checkedImage(svg, TASK_IMAGE_RULES)).rejects.toThrow(TASK_IMAGE_RULES.notAnImage);
  });
});
