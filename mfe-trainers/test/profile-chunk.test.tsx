import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
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
  renderWithProviders(
    <Routes>
      {area.routes.map(({ path, Component }) => (
        <Route key={path} path={path} element={<Component />} />
      ))}
    </Routes>,
    { initialEntries: ['/trainers'] },
  );
  const [card] = await screen.findAllByTestId('trainer-card');
  const link = within(card).getByRole('link', { name: 'Hannah Walsh' });
  const user = userEvent.setup();
  await user.hover(link);
  // The intent's loads settle (in jest a dynamic import is a resolved promise).
  await new Promise((r) => setTimeout(r, 0));
  // Everything added to the page from the click on (a spinner shown and gone within the click's act is caught too).
  const added: string[] = [];
  const watch = new MutationObserver((records) => {
    for (const r of records) r.addedNodes.forEach((n) => added.push(n.textContent ?? ''));
  });
  watch.observe(document.body, { childList: true, subtree: true });
  await user.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: 'Hannah Walsh' })).toBeInTheDocument();
  watch.disconnect();
  // The route's first render is the page itself: never the lazy page's spinner.
  expect(added.filter((t) => t.includes('Loading page'))).toEqual([]);
});
