import { describe, expect, it } from 'vitest';
import { fitLabel } from './fitLabel';

/** Every character 7 px wide. */
const widthOf = (text: string) => text.length * 7;

describe('fitLabel', () => {
  it('keeps a name that fits whole, spaces and all', () => {
    expect(fitLabel('Visual Studio Code', 18 * 7, widthOf)).toBe('Visual Studio Code');
  });

  it('cuts a longer name with an ellipsis, never joining its words', () => {
    expect(fitLabel('Visual Studio Code', 15 * 7, widthOf)).toBe('Visual Studio…');
    expect(fitLabel('Visual Studio Code', 11 * 7, widthOf)).toBe('Visual Stu…');
    expect(fitLabel('Visual Studio Code', 8 * 7, widthOf)).toBe('Visual…');
  });

  it('leaves only the ellipsis when nothing else fits', () => {
    expect(fitLabel('Visual Studio Code', 7, widthOf)).toBe('…');
  });
});
