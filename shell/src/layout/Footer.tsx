import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing, media } from '@fitconnect/shared-ui';
import { SOCIAL_ICONS } from './socialIcons';

const Foot = styled.footer`
  margin-top: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Inner = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.md} ${theme.space.lg}`};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1.4fr repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
  ${media.sm} {
    grid-template-columns: 1fr;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: 0.95rem;
    color: ${({ theme }) => theme.colors.text};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
`;

const FootLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  &:hover {
    color: ${({ theme }) => theme.colors.primary};
    text-decoration: underline;
  }
  ${focusRing}
`;

/** A footer entry with no page behind it yet: plain text, not a dead link. */
const Plain = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A class, not a style attribute: a server-rendered page's style="" is refused by the CSP. */
const Tagline = styled.p`
  margin: 0;
`;

const Brand = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-weight: 800;
  font-size: 1.1rem;
  color: ${({ theme }) => theme.colors.text};
`;

const Social = styled.ul`
  /* && : above the columns' own "ul { display: grid }" rule. */
  && {
    display: flex;
    gap: ${({ theme }) => theme.space.sm};
    margin: ${({ theme }) => theme.space.md} 0 0;
  }
  list-style: none;
  padding: 0;
  li {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Bottom = styled.p`
  margin: ${({ theme }) => theme.space.xl} 0 0;
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  text-align: center;
`;

type Entry = { label: string; to?: string };

const COLUMNS: { title: string; entries: Entry[] }[] = [
  {
    title: 'For Users',
    entries: [
      { label: 'Create Account', to: '/signup' },
      { label: 'Find a Trainer', to: '/trainers' },
      { label: 'AI Workout Generator', to: '/ai-workout' },
      { label: 'Messaging', to: '/messages' },
    ],
  },
  {
    title: 'For Trainers',
    entries: [
      { label: 'Join as Trainer', to: '/trainer-signup' },
      { label: 'Subscription Details' },
      { label: 'Client Management' },
      { label: 'Marketing Tips' },
    ],
  },
  {
    title: 'Contact Us',
    // Help Center and Email Support open the community area's feedback form.
    entries: [
      { label: 'Help Center', to: '/community?tab=feedback' },
      { label: 'Email Support', to: '/community?tab=feedback' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
    ],
  },
];

/** Footer (SPEC §2). Entries without a page yet are plain text; social icons link nowhere. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Foot>
      <Inner>
        <Columns>
          <div>
            <Brand>FitConnect</Brand>
            <Tagline>Free home workouts, AI-built plans and certified personal trainers near you.</Tagline>
            {/* SPEC: the social icons link nowhere. Drawn icons, named for screen readers, not links. */}
            <Social aria-label="FitConnect on social media (links coming soon)">
              {SOCIAL_ICONS.map(({ name, Icon }) => (
                <li key={name} title={`${name} (coming soon)`}>
                  <Icon />
                </li>
              ))}
            </Social>
          </div>
          {COLUMNS.map((col) => (
            <section key={col.title} aria-label={col.title}>
              <h2>{col.title}</h2>
              <ul>
                {col.entries.map((e) => (
                  <li key={e.label}>{e.to ? <FootLink to={e.to}>{e.label}</FootLink> : <Plain>{e.label}</Plain>}</li>
                ))}
              </ul>
            </section>
          ))}
        </Columns>
        <Bottom>© {year} FitConnect. All rights reserved.</Bottom>
      </Inner>
    </Foot>
  );
}
