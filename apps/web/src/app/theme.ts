import { createTheme, DEFAULT_THEME, type DefaultMantineColor, type MantineColorsTuple } from '@mantine/core';

/** Mantine's palette `name` with the shades from `from` on replaced by `darker`. */
function shades(name: DefaultMantineColor, from: number, darker: string[]): MantineColorsTuple {
  const palette: string[] = [...(DEFAULT_THEME.colors[name] as MantineColorsTuple)];
  palette.splice(from, darker.length, ...darker);
  return palette as unknown as MantineColorsTuple;
}

// WCAG 2.1 AA asks 4.5:1 for text. Mantine's own middle shades give 2–4:1 on white, so each palette keeps
// Mantine's light shades (0–5: tints and backgrounds) and takes darker ones where text is drawn: shade 6
// is a filled button or badge under white text, an outline, coloured text (c="red") and a link, 4.5:1 or
// more on white; 7 is its hover; 9 is the text of a light badge, alert or subtle button on shade 1 or 2.
// In gray, 6 is dimmed text (on white and on every palette's tints) and 5 the placeholder. Red 6 is the
// error colour. theme.test.ts measures each pair.
const colors = {
  gray: shades('gray', 5, ['#677481', '#5d646b']),
  red: shades('red', 6, ['#da2b2b', '#c82323', '#b32020', '#a02121']),
  pink: shades('pink', 6, ['#d61d5e', '#be265b', '#aa2151', '#9b1c48']),
  grape: shades('grape', 6, ['#b22ad4', '#9d33b7', '#8c30a2', '#7e2b93']),
  violet: shades('violet', 6, ['#774ef2', '#6c42e7', '#5f37d7', '#5737b6']),
  indigo: shades('indigo', 6, ['#3b60f4', '#3054e9', '#274ad6', '#3046b1']),
  blue: shades('blue', 6, ['#1671c0', '#1766ad', '#145b9d', '#14528d']),
  cyan: shades('cyan', 6, ['#0f7c8b', '#0c707f', '#096473', '#095a69']),
  teal: shades('teal', 6, ['#0d815e', '#087555', '#06694b', '#065d43']),
  green: shades('green', 6, ['#2b813a', '#247532', '#1f692d', '#1d5e2a']),
  lime: shades('lime', 6, ['#527f13', '#48730e', '#3e6609', '#385b08']),
  yellow: shades('yellow', 6, ['#976a03', '#8f5d00', '#874f00', '#814300']),
  orange: shades('orange', 6, ['#b75402', '#ab4705', '#9d3c08', '#93310a']),
};

// Touch-friendly field sizes on phones, where the creator app lives. Defaults are set by component name
// rather than with Component.extend() so the theme does not pull every themed component into the first page.
const fieldSize = { defaultProps: { size: 'md' } };

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  components: {
    Button: fieldSize,
    TextInput: fieldSize,
    PasswordInput: fieldSize,
    NativeSelect: fieldSize,
    Select: fieldSize,
    Textarea: fieldSize,
    FileInput: fieldSize,
    InputBase: fieldSize,
    InputWrapper: fieldSize,
  },
});
