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

beforeEach(() => localStorage.clear());
afterEach(() => {
  window.matchMedia = realMatchMedia;
  localStorage.clear();
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
});

describe('AppThemeProvider', () => {
  it('gives styled components the theme of the store and switches on toggle', async () => {
    const { useThemeStore, Button, darkTheme, lightTheme } = await import('../src');
    const { renderWithProviders } = await import('../src/testing');
    act(() => useThemeStore.getState().setMode('light'));
    function Probe() {
      const t = useTheme();
      const toggle = useThemeStore((s) => s.toggle);
      return (
        <Button onClick={toggle} data-bg={t.colors.bg}>
          {t.mode}
        </Button>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Probe />);
    const btn = screen.getByRole('button');
    expect(btn).toHaveTextContent('light');
    expect(btn).toHaveAttribute('data-bg', lightTheme.colors.bg);
    await user.click(btn);
    expect(btn).toHaveTextContent('dark');
    expect(btn).toHaveAttribute('data-bg', darkTheme.colors.bg);
    expect(localStorage.getItem('fitconnect-theme')).toBe('dark');
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
