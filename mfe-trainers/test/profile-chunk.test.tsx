import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAreaRoutes, textsAddedDuring } from '@fitconnect/shared-ui/src/testing';
import area from '../src/routes';
import { listReply, makeTrainer, mockFetch, signedOut } from './helpers';
import { makeSlots } from './bookings-helpers';

// The public profile is a chunk of its own (issue 35.3: the directory's first visit no longer carries it), loaded on
// intent from the directory's links. A pointer over a trainer's name loads it (and its booking panel), so the click
// shows the profile with no "Loading page" step between. Without the intent, the route would mount the lazy page
// (its spinner first): the other half, a profile rendered before its chunk is in, is in routes.test.tsx.

jest.setTimeout(20_000);

test("a pointer over a trainer's link in the directory loads the profile's code before the click", async () => {
  const hannah = makeTrainer();
  mockFetch({
    'GET /api/auth/user': signedOut,
    'GET /api/trainers': listReply([hannah], { total: 1 }),
    [`GET /api/trainers/${hannah.id}`]: { status: 200, body: hannah },
    [`GET /api/trainers/${hannah.id}/reviews`]: { status: 200, body: [] },
    [`GET /api/trainers/${hannah.id}/slots`]: { status: 200, body: makeSlots([]) },
  });
  renderAreaRoutes(area, '/trainers');
  const [card] = await screen.findAllByTestId('trainer-card');
  const link = within(card).getByRole('link', { name: 'Hannah Walsh' });
  const user = userEvent.setup();
  await user.hover(link);
  // The intent's loads settle (in jest a dynamic import is a resolved promise).
  await new Promise((r) => setTimeout(r, 0));
  const added = await textsAddedDuring(async () => {
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
  });
  // The route's first render is the page itself: never the lazy page's spinner.
  expect(added.filter((t) => t.includes('Loading page'))).toEqual([]);
});
