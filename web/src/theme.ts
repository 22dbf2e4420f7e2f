import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  createTheme,
  type CSSVariablesResolver,
  DEFAULT_THEME,
  darken,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  type MantineColorsTuple,
  Menu,
  Modal,
  Notification,
  Pagination,
} from '@mantine/core';
import type { DatePickerInputProps, MonthPickerInputProps } from '@mantine/dates';

/*
 * WCAG 2.2 AA colours in both schemes. Mantine's palettes stay as they are
 * (charts and bars use them); the colours text and controls are drawn in are
 * each a palette colour moved darker (light scheme) or lighter (dark scheme)
 * until it reads at 4.5:1 on every surface it is drawn on, with a little to spare.
 */

/** WCAG 1.4.3: normal text and its background. */
export const TEXT_CONTRAST = 4.5;
/** WCAG 1.4.11: the edge of a field, checkbox or button and what is around it. */
export const EDGE_CONTRAST = 3;
/** What the colours aim at above each: a little, so the browser's rounding of a colour never drops one under. */
const SPARE_CONTRAST = 0.1;

const { colors, white } = DEFAULT_THEME;

/** The surfaces text sits on: cards and bars (body), the page behind them (canvas), fields and default buttons (control), hovered rows and controls. */
export const surfaces = {
  light: { body: white, canvas: colors.gray[0], control: white, hover: colors.gray[1] },
  dark: { body: colors.dark[7], canvas: colors.dark[8], control: colors.dark[6], hover: colors.dark[5] },
};

/** The tinted backgrounds of light-variant alerts and badges (Mantine's light variant), where links also sit. */
const tinted = Object.entries(colors).filter(([name]) => name !== 'dark');
export const tints = {
  light: tinted.map(([, shades]) => shades[1]),
  dark: tinted.map(([, shades]) => toHex(darken(shades[9], 0.5))),
};

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

export function toHex(color: string): string {
  const channels = color.match(/\d+(\.\d+)?/g)?.slice(0, 3) ?? [];
  return `#${channels.map((channel) => Math.round(Number(channel)).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `color`, darkened on light backgrounds or lightened on dark ones in small
 * steps, until it reads at `ratio` (4.5:1 unless told) on each of
 * `backgrounds` (all light or all dark).
 */
export function readableOn(backgrounds: readonly string[], color: string, ratio = TEXT_CONTRAST): string {
  const onDark = luminance(backgrounds[0]) < 0.18;
  let result = color;
  for (let step = 0; step < 40 && backgrounds.some((background) => contrast(result, background) < ratio + SPARE_CONTRAST); step += 1) {
    result = onDark ? lighten(result, 0.04) : darken(result, 0.04);
  }
  return result.startsWith('#') ? result : toHex(result);
}

/** Where controls sit: their edges stand out from these. */
const pageOf = ({ body, canvas }: { body: string; canvas: string }) => [body, canvas];

const lightSurfaces = Object.values(surfaces.light);
const darkSurfaces = Object.values(surfaces.dark);

/** Filled buttons, badges and checkboxes carry white text. */
const filledOf = (shades: MantineColorsTuple) => readableOn([white], shades[7]);

/** The variables of one palette: its filled, light-variant and text colours in each scheme. */
function paletteVariables(name: string, shades: MantineColorsTuple) {
  const filled = filledOf(shades);
  const filledVariables = {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: toHex(darken(filled, 0.1)),
  };
  const lightText = readableOn(lightSurfaces, filled);
  const darkText = readableOn(darkSurfaces, shades[4]);
  return {
    light: {
      ...filledVariables,
      [`--mantine-color-${name}-text`]: lightText,
      [`--mantine-color-${name}-outline`]: lightText,
      // The light variant's text, on its background and on its hover background.
      [`--mantine-color-${name}-light-color`]: readableOn([shades[1], shades[2]], shades[9]),
    },
    dark: {
      ...filledVariables,
      [`--mantine-color-${name}-text`]: darkText,
      [`--mantine-color-${name}-outline`]: darkText,
    },
  };
}

const palettes = Object.entries(colors).map(([name, shades]) => paletteVariables(name, shades));

const lightDimmed = readableOn(lightSurfaces, colors.gray[6]);
const darkDimmed = readableOn(darkSurfaces, colors.dark[2]);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: Object.assign(
    {
      '--mantine-color-dimmed': lightDimmed,
      '--mantine-color-placeholder': lightDimmed,
      '--mantine-color-anchor': readableOn([...lightSurfaces, ...tints.light], filledOf(colors.teal)),
      '--mantine-color-error': readableOn(lightSurfaces, colors.red[7]),
      '--mantine-color-default-border': readableOn(pageOf(surfaces.light), colors.gray[4], EDGE_CONTRAST),
      '--timeledger-color-canvas': surfaces.light.canvas,
    },
    ...palettes.map((palette) => palette.light),
  ),
  dark: Object.assign(
    {
      '--mantine-color-dimmed': darkDimmed,
      '--mantine-color-placeholder': darkDimmed,
      '--mantine-color-anchor': readableOn([...darkSurfaces, ...tints.dark], colors.teal[4]),
      '--mantine-color-error': readableOn(darkSurfaces, colors.red[5]),
      '--mantine-color-default-border': readableOn(pageOf(surfaces.dark), colors.dark[4], EDGE_CONTRAST),
      '--timeledger-color-canvas': surfaces.dark.canvas,
    },
    ...palettes.map((palette) => palette.dark),
  ),
});

const paginationLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };
/** The calendar's arrows; its month and year buttons are named by the text they show. */
const calendarLabels = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

/** The page behind cards: a light grey, or near-black in the dark scheme. */
export const CANVAS = 'var(--timeledger-color-canvas)';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  // Dialogs and menus appear without motion for those who ask their system for less.
  respectReducedMotion: true,
  components: {
    // A badge in a table cell keeps its whole word: the table gives way, not the label.
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
    // A link in a sentence is told from its words by more than colour (WCAG 1.4.1), in either scheme.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Close buttons are icons: they need a name.
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Close' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Mantine's focus placeholder is a nameless child of the menu (axe: aria-required-children); the menu itself takes the focus instead.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Pagination: Pagination.extend({ defaultProps: { getControlProps: (control) => ({ 'aria-label': paginationLabels[control] }) } }),
    // Written out instead of `DatePickerInput.extend`: the date pickers and their date library load with the pages that show them, not with the first page.
    DatePickerInput: { defaultProps: { ariaLabels: calendarLabels } satisfies Partial<DatePickerInputProps> },
    MonthPickerInput: { defaultProps: { ariaLabels: calendarLabels } satisfies Partial<MonthPickerInputProps> },
    // Mantine draws these in a fixed grey of the palette, under 4.5:1: the dimmed colour reads.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    Breadcrumbs: Breadcrumbs.extend({ styles: { separator: { color: 'var(--mantine-color-dimmed)' } } }),
  },
});

/** The colour scheme chosen in this browser; without a choice, the system's. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'timeledger.colorScheme' });
