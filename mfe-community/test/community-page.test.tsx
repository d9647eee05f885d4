import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { CommunityPage } from '../src/features/community/CommunityPage';
import { FeedTab } from '../src/features/feed/components/FeedTab';
import { LocationProbe, listReply, mockFetch, signedOut } from './helpers';

// The machine running the suite is shared and slow: give async queries room.
configure({ asyncUtilTimeout: 5000 });

function renderPage(path = '/community') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/community" element={<CommunityPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [path] },
  );
}

beforeEach(() => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([]) });
});

test('the tab comes from the URL: ?tab=reviews opens Community Reviews, ?tab=feedback the feedback card', async () => {
  renderPage('/community?tab=reviews');
  expect(screen.getByRole('tab', { name: 'Community Reviews' })).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByRole('heading', { name: /^Community Reviews/ })).toBeInTheDocument();
});

test('?tab=feedback shows the feedback form (its code loads with it); an unknown tab shows the feed', async () => {
  const { unmount } = renderPage('/community?tab=feedback');
  expect(screen.getByRole('tab', { name: 'Feedback' })).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByRole('textbox', { name: /Your feedback/ })).toBeInTheDocument();
  unmount();
  renderPage('/community?tab=bogus');
  expect(screen.getByRole('tab', { name: 'Community Feed' })).toHaveAttribute('aria-selected', 'true');
});

test('keyboard: arrow keys move between tabs, select them and put the tab in the URL', async () => {
  const user = userEvent.setup();
  renderPage();
  const feed = screen.getByRole('tab', { name: 'Community Feed' });
  expect(feed).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Community Feed' })).toBeInTheDocument();
  feed.focus();
  await user.keyboard('{ArrowRight}');
  const reviews = screen.getByRole('tab', { name: 'Community Reviews' });
  expect(reviews).toHaveAttribute('aria-selected', 'true');
  expect(reviews).toHaveFocus();
  expect(screen.getByTestId('location')).toHaveTextContent('/community?tab=reviews');
  expect(screen.getByRole('tabpanel', { name: 'Community Reviews' })).toBeInTheDocument();
  await user.keyboard('{End}');
  expect(screen.getByTestId('location')).toHaveTextContent('/community?tab=feedback');
  await user.keyboard('{Home}');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/community$/);
});

test('the feed: three sample posts marked as samples, with author, trainer badge, relative time and counts', () => {
  const now = new Date('2026-11-23T12:00:00Z').getTime();
  renderWithProviders(<FeedTab now={now} />);
  expect(screen.getByText('Sample posts')).toBeInTheDocument();
  const posts = screen.getAllByTestId('sample-post');
  expect(posts).toHaveLength(3);
  const first = within(posts[0]);
  expect(first.getByRole('heading', { name: 'Sarah Johnson' })).toBeInTheDocument();
  expect(first.getByText('Trainer')).toBeInTheDocument();
  expect(first.getByText('2 hours ago')).toHaveAttribute('datetime', new Date(now - 2 * 3600_000).toISOString());
  expect(first.getByText('24 likes')).toBeInTheDocument();
  expect(first.getByText('8 comments')).toBeInTheDocument();
  expect(within(posts[1]).queryByText('Trainer')).toBeNull();
  expect(within(posts[1]).getByText('5 hours ago')).toBeInTheDocument();
  expect(within(posts[2]).getByText('yesterday')).toBeInTheDocument();
  // Like and comment actions are not part of SPEC: counts only, no buttons.
  expect(screen.queryAllByRole('button')).toHaveLength(0);
  expect(screen.getByRole('heading', { name: 'Welcome to the FitConnect Community!' })).toBeInTheDocument();
  const promo = within(screen.getByTestId('promo-box'));
  expect(promo.getByText('1,245+')).toBeInTheDocument();
  expect(promo.getByText('24+')).toBeInTheDocument();
  expect(promo.getByText('Daily active users')).toBeInTheDocument();
  // The counts are small print under the pitch, not the headline.
  expect(promo.getByRole('heading')).toHaveTextContent('Train with people who get it');
  expect(promo.getByRole('heading')).not.toHaveTextContent(/\d/);
  const news = screen.getByRole('heading', { name: 'Local Fitness News' }).parentElement!;
  expect(within(news).getAllByRole('listitem')).toHaveLength(3);
});
