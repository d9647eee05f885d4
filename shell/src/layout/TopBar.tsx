import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button, focusRing, LineIcon, media, useCurrentUser, useThemeStore, type ThemeMode } from '@fitconnect/shared-ui';
import { Dumbbell, Menu, Moon, Sun, X } from 'lucide';
import { AreaNavBadge } from '../federation/AreaNavBadge';
import { isNavActive, topBarLinks } from './nav';
import { useSignOut } from './useSignOut';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const Inner = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  min-height: 60px;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 1.25rem;
  letter-spacing: -0.01em;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.sm};
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
`;

const DesktopNav = styled.nav`
  display: flex;
  /* Signed in, eight links can be wider than the bar just above the menu breakpoint: wrap onto a
     second row instead of running under the theme toggle and Sign Out. */
  flex-wrap: wrap;
  align-items: center;
  gap: 2px;
  flex: 1;
  min-width: 0;
  ${media.lg} {
    display: none;
  }
`;

const NavItem = styled(Link)`
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  font-weight: 500;
  font-size: 0.95rem;
  white-space: nowrap;
  @media (max-width: 1240px) {
    padding: 8px 7px;
  }
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.infoBg};
  }
  ${focusRing}
`;

const Spacer = styled.div`
  flex: 1;
  display: none;
  ${media.lg} {
    display: block;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const IconToggle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.1rem;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  /* The theme toggle holds both icons and shows the one for the page's palette (<html data-theme>, which a
     server-rendered page has from the theme cookie; without one, the system's palette, as GlobalStyle's): a
     switch changes one attribute, and the icon is right before hydration. */
  :root[data-theme='dark'] & > .theme-icon-moon,
  :root[data-theme='light'] & > .theme-icon-sun {
    display: none;
  }
  @media (prefers-color-scheme: light) {
    :root:not([data-theme]) & > .theme-icon-sun {
      display: none;
    }
  }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme]) & > .theme-icon-moon {
      display: none;
    }
  }
  ${focusRing}
`;

const MenuButton = styled(IconToggle)`
  display: none;
  ${media.lg} {
    display: inline-flex;
  }
`;

const AuthAction = styled.div`
  ${media.sm} {
    display: none;
  }
`;

const MobileMenu = styled.nav`
  display: none;
  ${media.lg} {
    display: block;
  }
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md} ${theme.space.md}`};
  ul {
    list-style: none;
    margin: 0 auto;
    padding: 0;
    max-width: 1200px;
    display: grid;
    gap: 2px;
  }
  ${NavItem} {
    display: block;
    padding: 10px 12px;
  }
`;

const MenuAuth = styled.li`
  margin-top: ${({ theme }) => theme.space.sm};
`;

/** The store's mode; 'light' while a server-rendered page hydrates (the server cannot know it), then the real one. */
const serverThemeMode = (): ThemeMode => 'light';
const readThemeMode = (): ThemeMode => useThemeStore.getState().mode;

function ThemeToggle() {
  const mode = useSyncExternalStore(useThemeStore.subscribe, readThemeMode, serverThemeMode);
  const toggle = useThemeStore((s) => s.toggle);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <IconToggle type="button" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} data-theme-mode={mode}>
      <LineIcon className="theme-icon-sun" icon={Sun} size={20} aria-hidden="true" focusable="false" />
      <LineIcon className="theme-icon-moon" icon={Moon} size={20} aria-hidden="true" focusable="false" />
    </IconToggle>
  );
}

/**
 * Top bar (SPEC §2): Home, AI Workouts, Trainers, Exercise Tutorials, Challenges, Community, then
 * Messages and Profile when signed in; theme toggle; Sign In or Sign Out. Below 1024px the links
 * move into a menu that closes on outside click, Escape and route change.
 */
export function TopBar() {
  const { isSignedIn } = useCurrentUser();
  const { signOut, pending } = useSignOut();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const links = topBarLinks(isSignedIn);

  // Close on route change.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  // Close on outside click and on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      const target = e.target as Node | null;
      if (!target) return;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const authButton = (fullWidth: boolean) =>
    isSignedIn ? (
      <Button variant="outline" size="sm" onClick={signOut} loading={pending} fullWidth={fullWidth}>
        Sign Out
      </Button>
    ) : (
      <Button as={Link} to="/signin" size="sm" fullWidth={fullWidth}>
        Sign In
      </Button>
    );

  return (
    <Header>
      <Inner>
        <Brand to="/" aria-label="FitConnect home">
          <LineIcon icon={Dumbbell} size={24} strokeWidth={2.25} aria-hidden="true" focusable="false" />
          FitConnect
        </Brand>
        <DesktopNav aria-label="Main">
          {links.map((l) => (
            <NavItem key={l.to} to={l.to} aria-current={isNavActive(l, pathname) ? 'page' : undefined}>
              {l.label}
              {isSignedIn && <AreaNavBadge to={l.to} />}
            </NavItem>
          ))}
        </DesktopNav>
        <Spacer />
        <Actions>
          <ThemeToggle />
          <AuthAction>{authButton(false)}</AuthAction>
          <MenuButton
            ref={buttonRef}
            type="button"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <LineIcon icon={X} size={22} aria-hidden="true" focusable="false" /> : <LineIcon icon={Menu} size={22} aria-hidden="true" focusable="false" />}
          </MenuButton>
        </Actions>
      </Inner>
      {open && (
        <MobileMenu id={menuId} ref={menuRef} aria-label="Menu">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavItem to={l.to} aria-current={isNavActive(l, pathname) ? 'page' : undefined}>
                  {l.label}
                  {isSignedIn && <AreaNavBadge to={l.to} />}
                </NavItem>
              </li>
            ))}
            <MenuAuth>{authButton(true)}</MenuAuth>
          </ul>
        </MobileMenu>
      )}
    </Header>
  );
}
