import { create } from 'zustand';
import { afterNextPaint } from './afterNextPaint';

export type ThemeMode = 'light' | 'dark';

/** localStorage key of the user's theme choice (SPEC §3: values 'dark' or 'light'). */
export const THEME_STORAGE_KEY = 'fitconnect-theme';

function readStored(): ThemeMode | null {
  try {
    const v = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_STORAGE_KEY) : null;
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null;
  }
}

function systemPrefersDark(): boolean {
  try {
    return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia('(prefers-color-scheme: dark)').matches
      : false;
  } catch {
    return false;
  }
}

/** SPEC §4: the stored choice, else the system dark preference. */
export function initialThemeMode(): ThemeMode {
  return readStored() ?? (systemPrefersDark() ? 'dark' : 'light');
}

/**
 * The palette in force: `data-theme` on <html>, read by GlobalStyle's custom properties (the styled
 * components' colours are var(--fc-...), so a toggle restyles without re-rendering them).
 */
function applyToDocument(mode: ThemeMode) {
  if (typeof document !== 'undefined') document.documentElement.setAttribute('data-theme', mode);
}

/** Set on <html> while the palette changes: GlobalStyle turns transitions off under it. */
export const THEME_SWITCHING_ATTR = 'data-theme-switching';
let switching = 0;

/**
 * A user's switch: the new palette with no transitions (issue 35.1). Every element whose colours have a
 * transition (buttons, fields, cards, body) would otherwise start one when the custom properties flip: a
 * CSS transition object each, transitionrun/transitionstart events through React's root listener and
 * restyled frames for 150-200 ms; at 4x CPU about 20 ms of the toggle's next frame went on that. The
 * attribute goes again after the frame that shows the new palette (values equal then: nothing starts).
 */
function switchDocument(mode: ThemeMode) {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.setAttribute(THEME_SWITCHING_ATTR, '');
  applyToDocument(mode);
  const id = ++switching;
  const done = () => {
    if (id === switching) html.removeAttribute(THEME_SWITCHING_ATTR);
  };
  afterNextPaint(done);
}

/**
 * The cookie that tells the server the choice (same name and values as the storage key): a server-rendered page
 * comes with `data-theme` on its <html> already (scripts/serve-static.mjs, themeOf), so it is painted in the
 * visitor's palette with no script run before its first frame (issue 32 item 4). Without it (no choice made),
 * GlobalStyle's palette follows the system's preference. A preference, not a secret: readable by scripts, sent
 * with page requests only as a hint the server checks (light or dark, else ignored).
 */
export const THEME_COOKIE = THEME_STORAGE_KEY;
const COOKIE_MAX_AGE = 60 * 60 * 24 * 400; // the longest a browser keeps a cookie (400 days)

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split(/;\s*/).find((c) => c.startsWith(`${THEME_COOKIE}=`));
  return hit ? hit.slice(THEME_COOKIE.length + 1) : null;
}

function writeCookie(mode: ThemeMode) {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${THEME_COOKIE}=${mode}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

function persist(mode: ThemeMode) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    /* storage unavailable (private mode): the choice lasts for this page only */
  }
  writeCookie(mode);
}

export interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
  setMode: (mode: ThemeMode) => void;
}

/** One theme store for the whole app (shared-ui is a federation singleton, so shell and remotes see the same one). */
export const useThemeStore = create<ThemeState>()((set, get) => {
  const mode = initialThemeMode();
  applyToDocument(mode);
  // A choice stored before the cookie existed (or the cookie expired, or was cleared alone): the next page
  // the server renders gets it again. Nothing is written for a visitor who never chose.
  const stored = readStored();
  if (stored && readCookie() !== stored) writeCookie(stored);
  return {
    mode,
    toggle: () => {
      const next: ThemeMode = get().mode === 'dark' ? 'light' : 'dark';
      persist(next);
      switchDocument(next);
      set({ mode: next });
    },
    setMode: (m) => {
      persist(m);
      switchDocument(m);
      set({ mode: m });
    },
  };
});
