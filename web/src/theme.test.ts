import { DEFAULT_THEME, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, EDGE_CONTRAST, readableOn, surfaces, TEXT_CONTRAST, theme, tints } from './theme';

const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as MantineTheme);
const { colors, white } = DEFAULT_THEME;
/** The colours the app draws buttons, badges, alerts and text in. */
const used = ['teal', 'green', 'red', 'yellow', 'orange', 'blue', 'gray', 'cyan'];

function minContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrast(color, background)));
}

describe('contrast', () => {
  it('is the WCAG ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1);
    // Mantine's dimmed grey on white, a known failure of the old theme.
    expect(contrast(colors.gray[6], white)).toBeCloseTo(3.32, 2);
  });

  it('moves a colour away from its backgrounds until it reads', () => {
    expect(minContrast(readableOn([white, colors.gray[1]], colors.teal[6]), [white, colors.gray[1]])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(readableOn([colors.dark[7]], colors.dark[4]), colors.dark[7])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableOn([white], '#000000')).toBe('#000000');
  });
});

describe.each(['light', 'dark'] as const)('the %s scheme', (scheme) => {
  const schemeVariables = variables[scheme];
  const on = Object.values(surfaces[scheme]);

  it.each(['dimmed', 'placeholder', 'anchor', 'error'])('draws %s text at 4.5:1 on every surface', (name) => {
    expect(minContrast(schemeVariables[`--mantine-color-${name}`], on)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('draws the edges of fields, checkboxes and default buttons at 3:1 on the page and its cards', () => {
    const { body, canvas } = surfaces[scheme];
    expect(minContrast(schemeVariables['--mantine-color-default-border'], [body, canvas])).toBeGreaterThanOrEqual(EDGE_CONTRAST);
  });

  it('draws links at 4.5:1 in tinted alerts too', () => {
    expect(minContrast(schemeVariables['--mantine-color-anchor'], tints[scheme])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(used)('puts white text at 4.5:1 on filled %s, hovered or not', (color) => {
    expect(contrast(white, schemeVariables[`--mantine-color-${color}-filled`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(white, schemeVariables[`--mantine-color-${color}-filled-hover`])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(used)('draws %s text and outlines at 4.5:1 on every surface', (color) => {
    expect(minContrast(schemeVariables[`--mantine-color-${color}-text`], on)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(minContrast(schemeVariables[`--mantine-color-${color}-outline`], on)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('the light variant in the light scheme', () => {
  it.each(used)('draws %s text at 4.5:1 on its background, hovered or not', (color) => {
    expect(minContrast(variables.light[`--mantine-color-${color}-light-color`], [colors[color][1], colors[color][2]])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});
