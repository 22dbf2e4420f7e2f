import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { storedImage } from './image.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2f4f7f' } }).png().toBuffer();

describe('storedImage', () => {
  it('re-encodes many screenshots sent at once, each its own, while only a few are decoded at a time', async () => {
    const sizes = Array.from({ length: 7 }, (_, i) => ({ width: 200 + i * 50, height: 100 + i * 10 }));
    const stored = await Promise.all(sizes.map(async ({ width, height }) => storedImage(await png(width, height))));
    expect(stored.map(({ width, height }) => ({ width, height }))).toEqual(sizes);
    for (const image of stored) expect((await sharp(image.image).metadata()).format).toBe('webp');
  });

  it('goes on after a refused one', async () => {
    const [truncated, whole] = [(await png(50, 50)).subarray(0, 60), await png(40, 30)];
    const [refused, accepted] = await Promise.allSettled([storedImage(truncated), storedImage(whole)]);
    expect(refused.status).toBe('rejected');
    expect(accepted).toMatchObject({ status: 'fulfilled', value: { width: 40, height: 30 } });
  });
});
