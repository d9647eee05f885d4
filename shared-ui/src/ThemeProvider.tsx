import type { ReactNode } from 'react';
import { createGlobalStyle, ThemeProvider } from 'styled-components';
import { darkTheme, lightTheme, type AppTheme } from './theme';
import { useThemeStore } from './themeStore';

/** The active theme object (from the shared theme store). */
export function useAppTheme(): AppTheme {
  const mode = useThemeStore((s) => s.mode);
  return mode === 'dark' ? darkTheme : lightTheme;
}

/** styled-components ThemeProvider fed by the zustand theme store. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const theme = useAppTheme();
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Document-level basics. Render once (the shell, or a remote's standalone dev page). */
export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: ${({ theme }) => theme.mode};
  }
  *, *::before, *::after {
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
    transition: background-color 0.2s ease, color 0.2s ease;
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
    *, *::before, *::after {
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
