import { createTheme, darken, DEFAULT_THEME, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG's contrast ratio of a colour with white. */
const contrastOnWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/** `color` with as little black mixed in as takes its contrast on white to `ratio` (halving the search). */
function darkenTo(color: string, ratio: number): string {
  if (contrastOnWhite(color) >= ratio) return color;
  let enough = 1;
  let tooLittle = 0;
  for (let step = 0; step < 8; step += 1) {
    const half = (enough + tooLittle) / 2;
    if (contrastOnWhite(darken(color, half)) < ratio) tooLittle = half;
    else enough = half;
  }
  return darken(color, enough);
}

// WCAG 2.1 AA asks 4.5:1 for text. Mantine's own middle shades give 2–4:1 on white, so each palette keeps
// Mantine's tints (0–5) and darkens the shades text is drawn in to a contrast on white: shade 6 is a filled
// button or badge under white text, coloured text (c="red"), an outline, a link and the error red, also on
// any palette's tints (a highlighted row, a light panel); 7 its hover; 9 the text of a light badge, alert
// or subtle button on its own tints. In gray, 6 is dimmed text, also on every tint, and 5 the placeholder.
// theme.test.ts measures every pair.
const CONTRAST_ON_WHITE: Record<number, number> = { 6: 6, 7: 6.8, 8: 7.6, 9: 8.4 };
const GRAY_CONTRAST_ON_WHITE: Record<number, number> = { ...CONTRAST_ON_WHITE, 5: 4.8, 6: 6.2 };

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => {
    const targets = name === 'gray' ? GRAY_CONTRAST_ON_WHITE : name === 'dark' ? {} : CONTRAST_ON_WHITE;
    return [
      name,
      palette.map((shade, index) => darkenTo(shade, targets[index] ?? 0)) as unknown as MantineColorsTuple,
    ];
  }),
);

// Touch-friendly field sizes on phones, where the creator app lives. Defaults are set by component name
// rather than with Component.extend() so the theme does not pull every themed component into the first page.
const fieldSize = { defaultProps: { size: 'md' } };

export const theme = createTheme({
  colors,
  primaryColor: 'indigo',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Toasts, modals and menus appear without sliding or fading for people who ask their system for less motion.
  respectReducedMotion: true,
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
