import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { FeedbackCard } from '../src/features/feedback/components/FeedbackCard';
import { makeUser, mockFetch, signedIn, signedOut } from './helpers';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

test('content is required with the SPEC message; a bad email is refused; nothing is sent', async () => {
  const calls = mockFetch({ 'GET /api/auth/user': signedOut });
  const user = userEvent.setup();
  renderWithProviders(<FeedbackCard />);
  await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  expect(screen.getByText('Please provide some feedback before submitting')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Your feedback/ })).toHaveFocus();
  await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'More yoga please');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nope');
  await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
});

test('sends SPEC payload, shows the thank-you view, and returns to an empty form after 2 seconds', async () => {
  let sentAt = 0;
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(makeUser({ id: 42, isTrainer: true })),
    'POST /api/feedback': () => {
      sentAt = Date.now();
      return { status: 201, body: { id: 1 } };
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<FeedbackCard />);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Feedback type' }), 'bug');
  await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'The map is blank');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'me@example.com');
  await user.click(screen.getByRole('checkbox', { name: "I'd like to join the FitConnect community" }));
  const interests = within(screen.getByRole('group', { name: 'Interests' }));
  await user.click(interests.getByRole('checkbox', { name: 'Local Events' }));
  await user.click(interests.getByRole('checkbox', { name: 'Workout Tips' }));
  // Wait for the current user so the payload carries its id (the server ignores it anyway).
  await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/user')).toBe(true));
  await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

  const thanks = await screen.findByTestId('feedback-thanks');
  expect(within(thanks).getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
  expect(thanks).toHaveFocus();
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    type: 'bug',
    content: 'The map is blank',
    email: 'me@example.com',
    joinCommunity: true,
    interests: ['workout-tips', 'local-events'],
    userId: 42,
    isTrainer: true,
  });
  expect(screen.queryByRole('button', { name: 'Submit Feedback' })).toBeNull();

  const button = await screen.findByRole('button', { name: 'Submit Feedback' }, { timeout: 20_000 });
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(2000);
  expect(button).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Your feedback/ })).toHaveValue('');
  expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('');
  expect(screen.getByRole('combobox', { name: 'Feedback type' })).toHaveValue('feature');
  expect(screen.getByRole('checkbox', { name: "I'd like to join the FitConnect community" })).not.toBeChecked();
  // Focus does not fall to the page body when the thank-you view goes away.
  expect(screen.getByRole('heading', { name: 'Feedback & Community' })).toHaveFocus();
});

test('a failure shows the SPEC message and keeps what was typed', async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'POST /api/feedback': { status: 500, body: { message: 'Internal server error' } } });
  const user = userEvent.setup();
  renderWithProviders(<FeedbackCard />);
  await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
  expect(await screen.findByText('There was an error submitting your feedback. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: /Your feedback/ })).toHaveValue('Hello');
  expect(screen.queryByTestId('feedback-thanks')).toBeNull();
});

test('the thank-you view is scrolled into view and announced through a live region that was already on the page', async () => {
  mockFetch({ 'GET /api/auth/user': signedOut, 'POST /api/feedback': { status: 201, body: { id: 1 } } });
  // jsdom has no layout, so no scrollIntoView: record where the page was asked to scroll.
  const scrolled: Element[] = [];
  const original = Element.prototype.scrollIntoView;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  try {
    const user = userEvent.setup();
    renderWithProviders(<FeedbackCard />);
    // Present and empty before sending, so assistive technology is listening when the text arrives.
    const live = screen.getByRole('status');
    expect(live).toHaveTextContent(/^$/);
    await user.type(screen.getByRole('textbox', { name: /Your feedback/ }), 'More yoga please');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const thanks = await screen.findByTestId('feedback-thanks');
    expect(screen.getByRole('status')).toBe(live);
    expect(live).toHaveTextContent('Thank You! Your feedback has been received.');
    expect(scrolled).toContain(thanks);
  } finally {
    Element.prototype.scrollIntoView = original;
  }
});
