import { createTheme } from '@mantine/core';

// Touch-friendly field sizes on phones, where the creator app lives. Defaults are set by component name
// rather than with Component.extend() so the theme does not pull every themed component into the first page.
const fieldSize = { defaultProps: { size: 'md' } };

export const theme = createTheme({
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
