import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ChallengesDashboardWidget } from '../src/features/challenges/components/ChallengesDashboardWidget';
import { makeChallenge, makeUserChallenge, mockFetch, signedIn, signedOut } from './helpers';

it("shows the signed-in user's challenges with their progress", async () => {
  mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/user/challenges': {
      status: 200,
      body: [
        makeUserChallenge({ challenge: makeChallenge({ id: 3, title: 'Plank Power', target: 300, unit: 'minutes' }), currentProgress: 60 }),
        makeUserChallenge({ challenge: makeChallenge({ id: 4, title: 'Calorie Burn', target: 5000, unit: 'calories' }), currentProgress: 5400, completed: true }),
      ],
    },
  });
  renderWithProviders(<ChallengesDashboardWidget />);
  expect(await screen.findByRole('heading', { name: 'My Challenges' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Plank Power' })).toHaveAttribute('href', '/challenges/3');
  expect(screen.getByText('60 / 300 minutes')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Progress in Plank Power' })).toHaveAttribute('aria-valuenow', '20');
  expect(screen.getByRole('progressbar', { name: 'Progress in Calorie Burn' })).toHaveAttribute('aria-valuenow', '100');
  expect(screen.getByText('Completed')).toBeInTheDocument();
});

it('invites a user with no challenges to browse them', async () => {
  mockFetch({ 'GET /api/auth/user': signedIn(), 'GET /api/user/challenges': { status: 200, body: [] } });
  renderWithProviders(<ChallengesDashboardWidget />);
  expect(await screen.findByText("You haven't joined any challenges yet.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Challenges' })).toHaveAttribute('href', '/challenges');
});

it('renders nothing when signed out', async () => {
  const calls = mockFetch({ 'GET /api/auth/user': signedOut });
  renderWithProviders(<ChallengesDashboardWidget />);
  await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
  expect(screen.queryByTestId('challenges-widget')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(calls.some((c) => c.path === '/api/user/challenges')).toBe(false);
});
