'use client';

import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

type Theme = 'light' | 'dark' | 'system';
type Resolved = 'light' | 'dark';
type ThemeState = {
  /** The stored choice ('system' when none); undefined on the server and while hydrating. */
  theme?: string;
  /** What is shown: 'light' or 'dark'; undefined on the server and while hydrating. */
  resolvedTheme?: Resolved;
  setTheme: (theme: Theme) => void;
};

const ThemeContext = createContext<ThemeState>({ setTheme: () => undefined });
const CHANGE_EVENT = 'site-theme-change';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Runs before first paint: the stored (or system) theme as a class and color-scheme on <html>, so no flash. */
function themeScript(storageKey: string) {
  return `(function(){try{var t=localStorage.getItem(${JSON.stringify(storageKey)});var r=t==='dark'||t==='light'?t:matchMedia('${DARK_QUERY}').matches?'dark':'light';var d=document.documentElement;d.classList.remove('light','dark');d.classList.add(r);d.style.colorScheme=r}catch(e){}})()`;
}

// Where storage is blocked (strict privacy settings), the choice still holds for this page view.
let memoryTheme: Theme = 'system';

function readStored(storageKey: string): Theme {
  try {
    const value = window.localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : value === 'system' ? 'system' : memoryTheme;
  } catch {
    return memoryTheme;
  }
}

function subscribeStored(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function subscribeSystem(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Shows `resolved` on <html>; with `quiet`, CSS transitions are off for that one change (no colour sweep). */
function apply(resolved: Resolved, quiet: boolean) {
  const root = document.documentElement;
  let style: HTMLStyleElement | undefined;
  if (quiet) {
    style = document.createElement('style');
    style.textContent = '*,*::before,*::after{transition:none!important}';
    document.head.appendChild(style);
  }
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
  if (style) {
    // A forced style read makes the change paint without transitions before they come back.
    void window.getComputedStyle(document.body).opacity;
    const added = style;
    setTimeout(() => added.remove(), 1);
  }
}

/**
 * Light / dark / system themes: a class on <html>, system by default, stored in localStorage under `storageKey`
 * (`{short name lowercased}-theme`); an inline script applies it before first paint. Replaces next-themes with
 * the part the site uses, a few hundred bytes instead of about 1.3 KB in every page's first load (issue 20 item
 * 2). Other tabs follow a change (storage event), and 'system' follows the OS preference live.
 */
export function ThemeProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
  const theme = useSyncExternalStore<Theme | undefined>(
    subscribeStored,
    () => readStored(storageKey),
    () => undefined,
  );
  const system = useSyncExternalStore<Resolved | undefined>(
    subscribeSystem,
    () => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'),
    () => undefined,
  );
  const resolvedTheme = theme === 'system' ? system : theme;
  const applied = useRef<Resolved | undefined>(undefined);

  useEffect(() => {
    if (!resolvedTheme || applied.current === resolvedTheme) return;
    apply(resolvedTheme, applied.current !== undefined);
    applied.current = resolvedTheme;
  }, [resolvedTheme]);

  const setTheme = useCallback(
    (value: Theme) => {
      memoryTheme = value;
      try {
        window.localStorage.setItem(storageKey, value);
      } catch {
        // Storage blocked: the choice holds for this page only.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [storageKey],
  );

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return (
    <ThemeContext value={value}>
      <script dangerouslySetInnerHTML={{ __html: themeScript(storageKey) }} />
      {children}
    </ThemeContext>
  );
}

/** The current theme, what it resolves to, and the setter (the subset of next-themes' useTheme the site used). */
export function useTheme(): ThemeState {
  return use(ThemeContext);
}
