import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  luminance,
  mergeMantineTheme,
  type MantineColor,
  type MantineThemeOverride,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const AA_TEXT = 4.5;

type Pair = { what: string; text: string; background: string };

/**
 * The colours a theme has the browser draw, worked out through Mantine's own resolvers: its CSS variables
 * (light scheme, the only one the app uses) and its variant colours (filled, light, subtle, outline).
 */
function paletteOf(override: MantineThemeOverride) {
  const merged = mergeMantineTheme(DEFAULT_THEME, override);
  const { variables, light } = defaultCssVariablesResolver(merged);
  const cssVariables: Record<string, string> = { ...variables, ...light };

  /** Follows var(--name) references down to a colour. */
  const resolve = (value: string): string => {
    const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
    if (!reference) return value;
    const next = cssVariables[reference[1] ?? ''];
    if (next === undefined) throw new Error(`${value} is not a CSS variable of the theme`);
    return resolve(next);
  };
  const variable = (name: string) => resolve(`var(--mantine-color-${name})`);
  const palettes = Object.keys(merged.colors) as MantineColor[];

  /** The backgrounds the app paints: the page, the gray panels, and each palette's tints. */
  const backgrounds = [
    { name: 'the page', colour: variable('body') },
    { name: 'gray 0', colour: variable('gray-0') },
    { name: 'gray 1', colour: variable('gray-1') },
    ...palettes
      .filter((palette) => palette !== 'dark')
      .flatMap((palette) => [
        { name: `${palette} 0`, colour: variable(`${palette}-0`) },
        { name: `${palette} light`, colour: variable(`${palette}-light`) },
      ]),
  ];

  const textPairs: Pair[] = [
    { what: 'body text', text: variable('text'), background: variable('body') },
    { what: 'placeholder', text: variable('placeholder'), background: variable('body') },
    { what: 'placeholder on gray 0', text: variable('placeholder'), background: variable('gray-0') },
    { what: 'error', text: variable('error'), background: variable('body') },
    { what: 'link', text: variable('anchor'), background: variable('body') },
    { what: 'success', text: variable('success'), background: variable('body') },
    ...backgrounds.map(({ name, colour }) => ({
      what: `dimmed text on ${name}`,
      text: variable('dimmed'),
      background: colour,
    })),
    ...palettes
      .filter((palette) => palette !== 'dark')
      .flatMap((palette) =>
        backgrounds.map(({ name, colour }) => ({
          what: `${palette} text on ${name}`,
          text: variable(`${palette}-text`),
          background: colour,
        })),
      ),
  ];

  const white = variable('white');
  const variantPairs = palettes.flatMap((color): Pair[] => {
    const variant = (name: string) => {
      const colours = merged.variantColorResolver({
        color,
        theme: merged,
        variant: name,
        autoContrast: merged.autoContrast,
      });
      return {
        color: resolve(colours.color ?? ''),
        background: resolve(colours.background ?? ''),
        hover: resolve(colours.hover ?? ''),
      };
    };
    const filled = variant('filled');
    const lightVariant = variant('light');
    return [
      { what: `${color} filled`, text: filled.color, background: filled.background },
      { what: `${color} filled, hovered`, text: filled.color, background: filled.hover },
      { what: `${color} light`, text: lightVariant.color, background: lightVariant.background },
      { what: `${color} light, hovered`, text: lightVariant.color, background: lightVariant.hover },
      { what: `${color} subtle`, text: variant('subtle').color, background: white },
      { what: `${color} outline`, text: variant('outline').color, background: white },
      { what: `${color} text`, text: variable(`${color}-text`), background: white },
    ];
  });

  return { resolve, palettes, textPairs, variantPairs };
}

/** WCAG 2.1's contrast ratio of two colours. */
function contrast(first: string, second: string): number {
  const [lighter = 0, darker = 0] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/** The pairs under 4.5:1, each as 'what: text on background is n:1'. */
function unreadable(pairs: Pair[]): string[] {
  return pairs
    .map((pair) => ({ ...pair, ratio: contrast(pair.text, pair.background) }))
    .filter(({ ratio }) => ratio < AA_TEXT)
    .map(({ what, text, background, ratio }) => `${what}: ${text} on ${background} is ${ratio.toFixed(2)}:1`);
}

describe('the theme’s contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  const app = paletteOf(theme);

  it('measures with WCAG’s formula and follows the theme’s CSS variables', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(app.resolve('var(--mantine-primary-color-filled)')).toBe(theme.colors?.indigo?.[6]);
    expect(() => app.resolve('var(--mantine-color-no-such-colour)')).toThrow(/not a CSS variable/);
  });

  it('keeps body, dimmed, placeholder, error and link text readable on every background it is drawn on', () => {
    expect(app.textPairs.length).toBeGreaterThan(300);
    expect(unreadable(app.textPairs)).toEqual([]);
  });

  it('keeps every palette’s filled, light, subtle and outline buttons and badges, and its coloured text, readable', () => {
    expect(app.palettes).toEqual(
      expect.arrayContaining(['gray', 'red', 'indigo', 'teal', 'yellow', 'orange']),
    );
    expect(unreadable(app.variantPairs)).toEqual([]);
  });

  it('finds Mantine’s own palette unreadable, which is why the theme replaces its darker shades', () => {
    const mantine = paletteOf({});
    const failing = unreadable([...mantine.textPairs, ...mantine.variantPairs]);
    expect(failing).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^dimmed text on the page: /),
        expect.stringMatching(/^placeholder: /),
        expect.stringMatching(/^error: /),
        expect.stringMatching(/^indigo filled: /),
        expect.stringMatching(/^yellow light: /),
      ]),
    );
  });
});
