import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, textsAddedDuring } from '@fitconnect/shared-ui/src/testing';
import { CommunityPage } from '../src/features/community/CommunityPage';
import { listReply, mockFetch, signedOut } from './helpers';

// The Community Reviews and Feedback tabs are chunks of their own (issue 35.3: the feed's first visit does not carry
// them), loaded on intent: a pointer over the tab list loads both, so choosing one shows it with no "Loading page"
// step between. (Without the intent, the panel would mount the lazy tab, its spinner first: community-page.test.tsx
// opens ?tab=feedback straight.)

test('a pointer over the tabs loads the other tabs; choosing one then shows it at once', async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'GET /api/community-reviews': listReply([]) });
  renderWithProviders(
    <Routes>
      <Route path="/community" element={<CommunityPage />} />
    </Routes>,
    { initialEntries: ['/community'] },
  );
  const user = userEvent.setup();
  const reviews = screen.getByRole('tab', { name: 'Community Reviews' });
  await user.hover(reviews);
  // The intent's loads settle (in jest a dynamic import is a resolved promise).
  await new Promise((r) => setTimeout(r, 0));
  const added = await textsAddedDuring(async () => {
    await user.click(reviews);
    expect(await screen.findByRole('heading', { name: /^Community Reviews/ })).toBeInTheDocument();
  });
  expect(added.filter((t) => t.includes('Loading page'))).toEqual([]);
});
