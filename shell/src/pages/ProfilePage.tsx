import { useEffect } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { PublicUser } from '@fitconnect/contracts';
import {
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  PageContainer,
  Spinner,
  currentUserQueryOptions,
  signInPath,
} from '@fitconnect/shared-ui';
import { DashboardWidgets } from '../federation/DashboardWidgets';
import { useSignOut } from '../layout/useSignOut';
import { Icon, type IconName } from './icons';
import { focusRing } from './styles';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Identity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    line-height: 1.2;
    overflow-wrap: anywhere;
    @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

const Avatar = styled.div`
  width: 64px;
  height: 64px;
  flex-shrink: 0;
  border-radius: 50%;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const Muted = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr;
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Details = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
    gap: 2px;
    dd {
      margin-bottom: ${({ theme }) => theme.space.sm};
    }
  }
`;

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
`;

const Tile = styled(Link)`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  height: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  ${focusRing}
  strong {
    display: block;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.4;
  }
`;

const TileIcon = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  flex-shrink: 0;
`;

const StatusLine = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.success};
`;

const Dot = styled.span`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.success};
`;

const SmallText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

const DASHBOARD = [
  { to: '/ai-workout', icon: 'sparkles', title: 'AI Workout Generator', text: 'Build today’s personalised workout plan.' },
  { to: '/challenges', icon: 'trophy', title: 'Challenges', text: 'Join a challenge and log your progress.' },
  { to: '/trainers', icon: 'pin', title: 'Find a Trainer', text: 'Certified trainers near you.' },
  { to: '/messages', icon: 'chat', title: 'Messages', text: 'Your conversations with trainers.' },
  { to: '/exercise-tutorials', icon: 'play', title: 'Exercise Tutorials', text: 'Learn the moves with step-by-step guides.' },
  { to: '/community', icon: 'users', title: 'Community', text: 'Reviews, tips and local news.' },
] as const satisfies ReadonlyArray<{ to: string; icon: IconName; title: string; text: string }>;

function initials(u: PublicUser): string {
  const s = `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();
  return s || u.username.charAt(0).toUpperCase();
}

export function ProfilePage() {
  const q = useQuery(currentUserQueryOptions);
  const { signOut, pending: signingOut } = useSignOut();

  useEffect(() => {
    document.title = 'My Profile | FitConnect';
  }, []);

  if (q.isPending) return <Spinner label="Loading your profile" center />;
  // SPEC §2: the profile redirects to /signin when the user cannot be loaded.
  const user = q.data?.user;
  if (q.isError || !user) return <Navigate to={signInPath('/profile')} replace />;

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;

  return (
    <PageContainer>
      <Header>
        <Identity>
          <Avatar aria-hidden="true">{initials(user)}</Avatar>
          <div>
            <h1>{fullName}</h1>
            <Muted>@{user.username}</Muted>
            {user.isTrainer && (
              <Badges>
                <Badge tone="primary">Trainer Account</Badge>
                {user.promoTrainer && user.trainerNumber != null && (
                  <Badge tone="warning">Early Access Member #{user.trainerNumber}</Badge>
                )}
              </Badges>
            )}
          </div>
        </Identity>
        <Actions>
          <Button as={Link} to="/edit-profile" variant="outline">
            Edit Profile
          </Button>
          <Button variant="secondary" onClick={signOut} loading={signingOut}>
            Sign Out
          </Button>
        </Actions>
      </Header>

      <Columns>
        <Stack>
          <Card as="section" aria-labelledby="profile-details-title">
            <CardHeader>
              <CardTitle as="h2" id="profile-details-title">
                Account Details
              </CardTitle>
            </CardHeader>
            <CardBody>
              <Details>
                <dt>Name</dt>
                <dd>{fullName}</dd>
                <dt>Username</dt>
                <dd>{user.username}</dd>
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>Location</dt>
                <dd>{user.location || 'Not set'}</dd>
                <dt>Account type</dt>
                <dd>{user.isTrainer ? 'Trainer' : 'Member'}</dd>
              </Details>
            </CardBody>
          </Card>

          <Card as="section" aria-labelledby="dashboard-title">
            <CardHeader>
              <CardTitle as="h2" id="dashboard-title">
                Your Dashboard
              </CardTitle>
              <CardDescription>Jump back into your training.</CardDescription>
            </CardHeader>
            <CardBody>
              <Tiles>
                {DASHBOARD.map((d) => (
                  <li key={d.to}>
                    <Tile to={d.to}>
                      <TileIcon>
                        <Icon name={d.icon} size={22} />
                      </TileIcon>
                      <span>
                        <strong>{d.title}</strong>
                        <small>{d.text}</small>
                      </span>
                    </Tile>
                  </li>
                ))}
              </Tiles>
            </CardBody>
          </Card>

          <DashboardWidgets />
        </Stack>

        {user.isTrainer && (
          <Card as="section" aria-labelledby="trainer-status-title">
            <CardHeader>
              <CardTitle as="h2" id="trainer-status-title">
                Trainer Status
              </CardTitle>
            </CardHeader>
            <CardBody>
              <StatusLine>
                <Dot aria-hidden="true" /> Active &amp; Free
              </StatusLine>
              <SmallText>
                Your trainer membership is free: no subscription fees. Set your own schedule and rates on your trainer
                profile.
              </SmallText>
              <Button as={Link} to="/trainer-profile" fullWidth>
                Manage Trainer Profile
              </Button>
            </CardBody>
          </Card>
        )}
      </Columns>
    </PageContainer>
  );
}
