/**
 * Design tokens for both themes. Same shape in light and dark, so every styled component can
 * read `props.theme.colors.x` without caring which one is active.
 * Contrast: text/bg, textMuted/bg and primaryText/primary all meet WCAG AA (>= 4.5:1).
 */
export interface ThemeColors {
  bg: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryHover: string;
  primaryText: string;
  border: string;
  danger: string;
  dangerText: string;
  warning: string;
  warningBg: string;
  info: string;
  infoBg: string;
  success: string;
  successBg: string;
  dangerBg: string;
  focus: string;
  overlay: string;
  star: string;
  starEmpty: string;
}

export interface AppTheme {
  mode: 'light' | 'dark';
  colors: ThemeColors;
  radii: { sm: string; md: string; lg: string; pill: string };
  space: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  fonts: { body: string; heading: string; mono: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  shadows: { sm: string; md: string; lg: string };
  breakpoints: { sm: string; md: string; lg: string };
  zIndices: { header: number; overlay: number; toast: number };
}

const shared = {
  radii: { sm: '4px', md: '8px', lg: '14px', pill: '999px' },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px', xxl: '48px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem', xxl: '2rem' },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  zIndices: { header: 100, overlay: 1000, toast: 1100 },
} as const;

export const lightTheme: AppTheme = {
  mode: 'light',
  ...shared,
  colors: {
    bg: '#f8fafc',
    surface: '#ffffff',
    surfaceAlt: '#f1f5f9',
    text: '#0f172a',
    textMuted: '#475569',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    primaryText: '#ffffff',
    border: '#cbd5e1',
    danger: '#b91c1c',
    dangerText: '#ffffff',
    dangerBg: '#fef2f2',
    warning: '#c2410c',
    warningBg: '#fff7ed',
    info: '#1d4ed8',
    infoBg: '#eff6ff',
    success: '#15803d',
    successBg: '#f0fdf4',
    focus: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.55)',
    star: '#b45309',
    starEmpty: '#cbd5e1',
  },
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.10)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
};

export const darkTheme: AppTheme = {
  mode: 'dark',
  ...shared,
  colors: {
    bg: '#0b1120',
    surface: '#111827',
    surfaceAlt: '#1f2937',
    text: '#f1f5f9',
    textMuted: '#a8b3c4',
    primary: '#60a5fa',
    primaryHover: '#93c5fd',
    primaryText: '#0b1120',
    border: '#334155',
    danger: '#f87171',
    dangerText: '#0b1120',
    dangerBg: '#2a1215',
    warning: '#fb923c',
    warningBg: '#2a1a0c',
    info: '#60a5fa',
    infoBg: '#0f1d35',
    success: '#4ade80',
    successBg: '#0d2418',
    focus: '#93c5fd',
    overlay: 'rgba(0, 0, 0, 0.7)',
    star: '#fbbf24',
    starEmpty: '#475569',
  },
  shadows: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.45)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export const themes = { light: lightTheme, dark: darkTheme } as const;

/** Media query helpers: `${media.sm} { ... }` applies at widths up to the breakpoint. */
export const media = {
  /** Small screens (< 640px). */
  sm: `@media (max-width: ${shared.breakpoints.sm})`,
  /** Up to tablet (< 768px): where the shell shows the bottom tab bar. */
  md: `@media (max-width: ${shared.breakpoints.md})`,
  lg: `@media (max-width: ${shared.breakpoints.lg})`,
} as const;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}

/** The custom property of a theme token: colors.primaryHover -> `--fc-color-primary-hover`. */
const tokenVar = (group: 'color' | 'shadow', key: string) => `--fc-${group}-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

function asVars<T extends object>(group: 'color' | 'shadow', values: T): T {
  return Object.fromEntries(Object.keys(values).map((k) => [k, `var(${tokenVar(group, k)})`])) as T;
}

/**
 * The theme styled components get (AppThemeProvider, issue 35.1): colours and shadows are CSS custom
 * properties (`var(--fc-color-bg)`), defined for both palettes by GlobalStyle under `:root[data-theme]`. It is
 * ONE object in both modes, so a theme toggle re-renders no styled component and makes no new class: the
 * store flips `data-theme` on <html> and the browser restyles (the toggle took 224-392 ms at 4x CPU when every
 * styled component re-rendered and injected new rules). Its `mode` is not the active one: read the store
 * (useThemeStore) or useAppTheme() for that, and useAppTheme() for concrete colours (a canvas, a chart).
 */
export const cssVarTheme: AppTheme = {
  ...lightTheme,
  colors: asVars('color', lightTheme.colors),
  shadows: asVars('shadow', lightTheme.shadows),
};

/** One palette's custom properties and color-scheme, as CSS declarations (GlobalStyle). */
export function themeDeclarations(t: AppTheme): string {
  return [
    `color-scheme: ${t.mode};`,
    ...Object.entries(t.colors).map(([k, v]) => `${tokenVar('color', k)}: ${v};`),
    ...Object.entries(t.shadows).map(([k, v]) => `${tokenVar('shadow', k)}: ${v};`),
  ].join('\n');
}
