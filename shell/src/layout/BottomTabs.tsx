import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, LineIcon, media, useCurrentUser, type IconNode } from '@fitconnect/shared-ui';
import { AreaNavBadge } from '../federation/AreaNavBadge';
import { CircleUserRound, House, LogIn, MessageSquare, PlayCircle, Sparkles, Users, UsersRound } from 'lucide';
import { bottomTabs, isNavActive } from './nav';

// Lucide line icons (their node data, imported one by one: only these ship; drawn by shared-ui's LineIcon), the same set as the rest of the site.
const ICONS: Record<string, IconNode> = {
  '/': House,
  '/ai-workout': Sparkles,
  '/exercise-tutorials': PlayCircle,
  '/trainers': Users,
  '/community': UsersRound,
  '/messages': MessageSquare,
  '/profile': CircleUserRound,
  '/signin': LogIn,
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
    /* Widths follow the labels, so every label fits on one line down to 360 px (seven tabs signed in). */
    flex: 1 1 auto;
    min-width: 0;
  }
`;

const Tab = styled(Link)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  padding: 6px 2px 8px;
  font-size: min(0.7rem, 2.6vw);
  letter-spacing: -0.01em;
  white-space: nowrap;
  line-height: 1.2;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.textMuted};
  text-decoration: none;
  text-align: center;
  border-top: 3px solid transparent;
  svg {
    flex: none;
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
        {bottomTabs(isSignedIn).map((t) => {
          return (
          <li key={t.to}>
            <Tab to={t.to} aria-current={isNavActive(t, pathname) ? 'page' : undefined}>
              <LineIcon icon={ICONS[t.to] ?? House} size={20} strokeWidth={isNavActive(t, pathname) ? 2.4 : 1.9} aria-hidden="true" focusable="false" />
              {isSignedIn && (
                <BadgeSpot>
                  <AreaNavBadge to={t.to} />
                </BadgeSpot>
              )}
              <span>{t.label}</span>
            </Tab>
          </li>
          );
        })}
      </ul>
    </Bar>
  );
}
