import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from 'styled-components';
import type { ThemeState } from '../src/themeStore';

const realMatchMedia = window.matchMedia;

function setSystemDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** A fresh copy of the store module, created under the current storage and media conditions. */
function freshStore(): { getState: () => ThemeState } {
  let mod: typeof import('../src/themeStore') | undefined;
  jest.isolateModules(() => {
    mod = require('../src/themeStore');
  });
  return mod!.useThemeStore;
}

/** The theme cookie's value as the browser would send it with the next page request, or null. */
function themeCookie(): string | null {
  const hit = document.cookie.split(/;\s*/).find((c) => c.startsWith('fitconnect-theme='));
  return hit ? hit.slice('fitconnect-theme='.length) : null;
}

function clearAll() {
  localStorage.clear();
  document.cookie = 'fitconnect-theme=; Path=/; Max-Age=0';
}

beforeEach(clearAll);
afterEach(() => {
  window.matchMedia = realMatchMedia;
  clearAll();
});

describe('theme store', () => {
  it('follows the system dark preference when nothing is stored', () => {
    setSystemDark(true);
    expect(freshStore().getState().mode).toBe('dark');
    setSystemDark(false);
    expect(freshStore().getState().mode).toBe('light');
  });

  it('prefers the stored choice over the system preference', () => {
    setSystemDark(true);
    localStorage.setItem('fitconnect-theme', 'light');
    expect(freshStore().getState().mode).toBe('light');
    setSystemDark(false);
    localStorage.setItem('fitconnect-theme', 'dark');
    expect(freshStore().getState().mode).toBe('dark');
  });

  it('ignores a garbage stored value', () => {
    setSystemDark(true);
    localStorage.setItem('fitconnect-theme', 'purple');
    expect(freshStore().getState().mode).toBe('dark');
  });

  it('toggle and setMode persist the plain value under fitconnect-theme', () => {
    setSystemDark(false);
    const store = freshStore();
    expect(localStorage.getItem('fitconnect-theme')).toBeNull(); // nothing written until the user chooses
    store.getState().toggle();
    expect(store.getState().mode).toBe('dark');
    expect(localStorage.getItem('fitconnect-theme')).toBe('dark');
    store.getState().toggle();
    expect(localStorage.getItem('fitconnect-theme')).toBe('light');
    store.getState().setMode('dark');
    expect(localStorage.getItem('fitconnect-theme')).toBe('dark');
    // A reload starts from the stored choice.
    expect(freshStore().getState().mode).toBe('dark');
  });

  it('tells the server the choice in a cookie, so its next page comes in that palette; none before a choice', () => {
    setSystemDark(true);
    const store = freshStore();
    expect(store.getState().mode).toBe('dark');
    expect(themeCookie()).toBeNull(); // the system's palette: the page's CSS follows it without a cookie
    store.getState().toggle();
    expect(themeCookie()).toBe('light');
    store.getState().setMode('dark');
    expect(themeCookie()).toBe('dark');
  });

  it('writes the cookie for a choice stored before the cookie existed, and leaves a matching one alone', () => {
    setSystemDark(false);
    localStorage.setItem('fitconnect-theme', 'dark');
    freshStore();
    expect(themeCookie()).toBe('dark');
    // The cookie follows the stored choice, not the other way round.
    document.cookie = 'fitconnect-theme=light; Path=/';
    expect(freshStore().getState().mode).toBe('dark');
    expect(themeCookie()).toBe('dark');
  });
});

describe('AppThemeProvider', () => {
  it('gives styled components one theme of CSS custom properties; a toggle flips data-theme on <html> and re-renders none of them', async () => {
    const { useThemeStore, Button, darkTheme, lightTheme, useAppTheme, themeDeclarations } = await import('../src');
    const { renderWithProviders } = await import('../src/testing');
    act(() => useThemeStore.getState().setMode('light'));
    const seen = new Set<unknown>();
    let renders = 0;
    function Probe() {
      const t = useTheme();
      seen.add(t);
      renders += 1;
      return (
        <Button onClick={() => useThemeStore.getState().toggle()} data-bg={t.colors.bg}>
          styled
        </Button>
      );
    }
    function Palette() {
      return <span data-testid="palette">{useAppTheme().colors.bg}</span>;
    }
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Probe />
        <Palette />
      </>,
    );
    const btn = screen.getByRole('button');
    expect(btn).toHaveAttribute('data-bg', 'var(--fc-color-bg)');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(screen.getByTestId('palette')).toHaveTextContent(lightTheme.colors.bg);
    const rendersBefore = renders;
    await user.click(btn);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('fitconnect-theme')).toBe('dark');
    // Concrete colours for a canvas follow the store; the styled components' theme is the same object.
    expect(screen.getByTestId('palette')).toHaveTextContent(darkTheme.colors.bg);
    expect(seen.size).toBe(1);
    expect(renders).toBe(rendersBefore);
    // Both palettes are declared as custom properties.
    expect(themeDeclarations(darkTheme)).toContain(`--fc-color-bg: ${darkTheme.colors.bg};`);
    expect(themeDeclarations(lightTheme)).toContain('color-scheme: light;');
  });

  it('both themes have the same token shape', async () => {
    const { darkTheme, lightTheme } = await import('../src');
    const shape = (o: object): unknown =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v && typeof v === 'object' ? shape(v) : typeof v]));
    expect(shape(darkTheme)).toEqual(shape(lightTheme));
    expect(lightTheme.breakpoints.sm).toBe('640px');
    expect(lightTheme.breakpoints.md).toBe('768px');
  });
});
