import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { media, useCurrentUserRefresh, visuallyHidden } from '@fitconnect/shared-ui';
import { BottomTabs } from './BottomTabs';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  ${media.md} {
    /* room for the fixed bottom tab bar */
    padding-bottom: 64px;
  }
`;

const Main = styled.main`
  flex: 1 0 auto;
  width: 100%;
  /* The footer starts below the fold on every page (issue 35.2): while an area loads, its content replaces
     a shorter placeholder, and a footer in view would jump down (layout shift up to 0.9 at 390 px). */
  min-height: 100vh;
  &:focus {
    outline: none;
  }
`;

const SkipLink = styled.a`
  ${visuallyHidden}
  &:focus {
    position: fixed !important;
    top: 8px;
    left: 8px;
    width: auto;
    height: auto;
    clip: auto;
    margin: 0;
    padding: 8px 12px;
    z-index: ${({ theme }) => theme.zIndices.toast};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

/**
 * New page, top of the page (not for query-string-only changes). Not on the first render: the page the browser
 * loaded keeps the scroll position it has. A server-rendered page can be scrolled before it is hydrated, and a
 * scroll to the top then would move what the visitor is reading (and what they were about to tap) away.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (typeof window.scrollTo === 'function') {
      try {
        window.scrollTo(0, 0);
      } catch {
        /* jsdom */
      }
    }
  }, [pathname]);
  return null;
}

/** SPEC §4: the current user is refetched on visibility change and on clicks (throttled). Mounted once. */
function CurrentUserRefresh() {
  useCurrentUserRefresh();
  return null;
}

/** The shell's frame around every page: top bar, main, footer, bottom tabs on small screens. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <CurrentUserRefresh />
      <ScrollToTop />
      <SkipLink href="#main">Skip to content</SkipLink>
      <TopBar />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer />
      <BottomTabs />
    </Page>
  );
}
