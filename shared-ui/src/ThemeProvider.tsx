import type { ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { cssVarTheme, darkTheme, lightTheme, themeDeclarations, type AppTheme } from './theme';
import { useThemeStore } from './themeStore';

/** The active palette with concrete colours (from the shared theme store): for what CSS cannot style (a canvas). */
export function useAppTheme(): AppTheme {
  const mode = useThemeStore((s) => s.mode);
  return mode === 'dark' ? darkTheme : lightTheme;
}

/**
 * styled-components ThemeProvider with the one theme of CSS custom properties (cssVarTheme): the active
 * palette is chosen by `data-theme` on <html>, which the theme store sets; a toggle re-renders nothing here.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={cssVarTheme}>{children}</ThemeProvider>;
}

const LIGHT = themeDeclarations(lightTheme);
const DARK = themeDeclarations(darkTheme);

/** Document-level basics. Render once (the shell, or a remote's standalone dev page). */
export const GlobalStyle = createGlobalStyle`
  /*
   * The palette is the theme store's data-theme (the visitor's choice, else the system's). Before any script has
   * run, a server-rendered page has data-theme only if the visitor chose (the theme cookie, read by the server):
   * otherwise the system's preference picks it here, so the first frame needs no script (issue 32 item 4).
   */
  :root,
  :root[data-theme='light'] {
    ${LIGHT}
  }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme]) {
      ${DARK}
    }
  }
  :root[data-theme='dark'] {
    ${DARK}
  }
  /*
   * Elements only, not *::before / *::after (issue 35.1): a rule for every element's ::before and ::after
   * makes Chrome resolve both pseudo-elements' styles for every element whenever it restyles it; a theme switch
   * restyles every element (about 15% less restyle time without them, measured at 4x CPU). The site's few
   * pseudo-elements (the trainer card's link cover, the notification switch's knob) have no padding or border.
   */
  * {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 16px;
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  /* A theme switch restyles at once, with no transitions (themeStore.ts: switchDocument). */
  :root[data-theme-switching] * {
    transition: none !important;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible, button:focus-visible, [tabindex]:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  img, svg, video {
    max-width: 100%;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
