import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, media, useCurrentUser } from '@fitconnect/shared-ui';
import { AreaNavBadge } from '../federation/AreaNavBadge';
import { bottomTabs, isNavActive } from './nav';

const ICONS: Record<string, string> = {
  '/': '⌂',
  '/ai-workout': '✦',
  '/exercise-tutorials': '▶',
  '/trainers': '☺',
  '/community': '☷',
  '/messages': '✉',
  '/profile': '◉',
  '/signin': '➜',
};

const Bar = styled.nav`
  display: none;
  ${media.md} {
    display: block;
  }
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndices.header};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);
  padding-bottom: env(safe-area-inset-bottom, 0);
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
  }
  li {
    flex: 1 1 0;
    min-width: 0;
  }
`;

const Tab = styled(Link)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  padding: 6px 1px 8px;
  font-size: min(0.68rem, 2.45vw);
  letter-spacing: -0.01em;
  line-height: 1.2;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  text-align: center;
  border-top: 3px solid transparent;
  span:first-child {
    font-size: 1.15rem;
    line-height: 1;
  }
  span:last-child {
    max-width: 100%;
    overflow-wrap: normal;
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
    border-top-color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  ${focusRing}
`;

/** An area's nav badge (RemoteAreaModule.NavBadge), at the icon's top right. */
const BadgeSpot = styled.div`
  position: absolute;
  top: 2px;
  left: calc(50% + 4px);
  &:empty {
    display: none;
  }
`;

/** Bottom tab bar on small screens (SPEC §2); the current section is highlighted. */
export function BottomTabs() {
  const { isSignedIn } = useCurrentUser();
  const { pathname } = useLocation();
  return (
    <Bar aria-label="Tabs">
      <ul>
        {bottomTabs(isSignedIn).map((t) => (
          <li key={t.to}>
            <Tab to={t.to} aria-current={isNavActive(t, pathname) ? 'page' : undefined}>
              <span aria-hidden="true">{ICONS[t.to] ?? '•'}</span>
              {isSignedIn && (
                <BadgeSpot>
                  <AreaNavBadge to={t.to} />
                </BadgeSpot>
              )}
              <span>{t.label}</span>
            </Tab>
          </li>
        ))}
      </ul>
    </Bar>
  );
}
