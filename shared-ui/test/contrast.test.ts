import { darkTheme, lightTheme, type AppTheme } from '../src';

// WCAG 2.1 relative luminance and contrast ratio for #rrggbb colours.
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16) / 255).map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const textPairs: Array<[keyof AppTheme['colors'], keyof AppTheme['colors']]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surfaceAlt'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['primary', 'surface'], // links and outline buttons
  ['primary', 'bg'],
  ['primaryText', 'primary'], // primary buttons
  ['dangerText', 'danger'], // danger buttons, destructive toasts
  ['warning', 'warningBg'], // warning badge / banner title
  ['info', 'infoBg'],
  ['success', 'successBg'],
  ['danger', 'dangerBg'],
  ['danger', 'surface'], // field error text
  ['text', 'warningBg'], // banner body text
  ['text', 'infoBg'],
];

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('%s theme contrast', (_name, theme) => {
  it.each(textPairs)('%s on %s is at least 4.5:1 (WCAG AA text)', (fg, bg) => {
    expect(contrast(theme.colors[fg], theme.colors[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it('focus ring and stars are at least 3:1 against the page (non-text)', () => {
    expect(contrast(theme.colors.focus, theme.colors.bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(theme.colors.star, theme.colors.surface)).toBeGreaterThanOrEqual(3);
  });
});
