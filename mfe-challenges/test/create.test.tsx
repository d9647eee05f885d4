import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { useToastStore } from '@fitconnect/shared-ui';
import { ChallengesPage } from '../src/features/challenges/components/ChallengesPage';
import { toLocalInput } from '../src/features/challenges/lib/form';
import * as lazyModule from '../src/features/challenges/lazy';
import { LocationProbe, makeChallenge, mockFetch, signedIn, type RecordedCall, type Reply } from './helpers';

jest.setTimeout(30_000);

// The create dialog's loader, real, but one test makes a load fail.
jest.mock('../src/features/challenges/lazy', () => {
  const actual = jest.requireActual<typeof import('../src/features/challenges/lazy')>('../src/features/challenges/lazy');
  return { ...actual, loadCreateDialog: jest.fn(actual.loadCreateDialog) };
});

afterEach(() => act(() => useToastStore.getState().dismiss()));

const joinedReply: Reply = {
  status: 201,
  body: { message: "You've successfully joined the challenge.", alreadyJoined: false, challenge: makeChallenge({ id: 9, title: 'Walk On', joined: true, participantCount: 1 }) },
};

function setup(
  create: (call: RecordedCall) => Reply = () => ({ status: 201, body: makeChallenge({ id: 9, title: 'Walk On' }) }),
  join: Reply = joinedReply,
) {
  let created = false;
  const calls = mockFetch({
    'GET /api/auth/user': signedIn(),
    'GET /api/challenges': () => ({ status: 200, body: created ? [makeChallenge({ id: 9, title: 'Walk On', joined: false })] : [] }),
    // A new community challenge shows in its own section (issue 28.11).
    'GET /api/challenges/community': () => ({ status: 200, body: { challenges: created ? [makeChallenge({ id: 9, title: 'Walk On', joined: false })] : [], nextCursor: null } }),
    'GET /api/user/challenges': { status: 200, body: [] },
    'POST /api/challenges': (call) => {
      const reply = create(call);
      if (reply.status === 201) created = true;
      return reply;
    },
    'POST /api/challenges/9/join': join,
  });
  renderWithProviders(
    <>
      <ChallengesPage />
      <LocationProbe />
    </>,
    { initialEntries: ['/challenges'] },
  );
  return { calls, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: /Create Challenge/ }))[0]);
  return screen.getByRole('dialog', { name: 'Create New Challenge' });
}

it("loads the form's code on intent; a form that could not be loaded says so, and the next press tries again", async () => {
  // The dialog is its own chunk (features/challenges/lazy.ts): the first load fails here, as offline.
  const load = jest.mocked(lazyModule.loadCreateDialog);
  const actual = jest.requireActual<typeof lazyModule>('../src/features/challenges/lazy');
  load.mockClear();
  load.mockRejectedValue(new Error('Failed to fetch'));
  try {
    const { user } = setup();
    const create = (await screen.findAllByRole('button', { name: /Create Challenge/ }))[0];
    // Nothing loads the form before an intent.
    expect(load).not.toHaveBeenCalled();
    await user.click(create);
    expect(load).toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be opened');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The connection is back: the next press loads it and opens the dialog.
    load.mockImplementation(actual.loadCreateDialog);
    await user.click(create);
    expect(await screen.findByRole('dialog', { name: 'Create New Challenge' })).toBeInTheDocument();
    expect(screen.queryByText('The form could not be opened')).toBeNull();
  } finally {
    load.mockImplementation(actual.loadCreateDialog);
  }
});

it('opens with the SPEC §9 defaults, focus inside, and the unit follows the type', async () => {
  const { user } = setup();
  const dialog = await openDialog(user);
  expect(dialog).toContainElement(document.activeElement as HTMLElement);
  const d = within(dialog);
  expect(d.getByLabelText(/Title/)).toHaveValue('');
  expect(d.getByLabelText('Challenge Type')).toHaveValue('steps');
  expect(d.getByLabelText(/Target/)).toHaveValue(10000);
  expect(d.getByLabelText(/Unit/)).toHaveValue('steps');
  expect(d.getByLabelText('Difficulty')).toHaveValue('medium');
  expect(d.getByLabelText('Category')).toHaveValue('general');
  expect(d.getByLabelText(/Max Participants/)).toHaveValue(null);
  const start = d.getByLabelText(/Start Date/) as HTMLInputElement;
  const end = d.getByLabelText(/End Date/) as HTMLInputElement;
  const days = (new Date(end.value).getTime() - new Date(start.value).getTime()) / 86_400_000;
  expect(days).toBeCloseTo(7, 1);
  // Date pickers refuse dates before now.
  expect(start.min <= toLocalInput(new Date())).toBe(true);
  expect(start.min >= toLocalInput(new Date(Date.now() - 120_000))).toBe(true);
  expect(end.min >= start.min).toBe(true);

  for (const [type, unit] of [
    ['distance', 'miles'],
    ['workout_time', 'minutes'],
    ['calories', 'calories'],
    ['custom', 'units'],
    ['steps', 'steps'],
  ]) {
    await user.selectOptions(d.getByLabelText('Challenge Type'), type);
    expect(d.getByLabelText(/Unit/)).toHaveValue(unit);
  }
});

it('shows the SPEC §5 messages, the date order one on the end date, and sends nothing', async () => {
  const { user, calls } = setup();
  const dialog = await openDialog(user);
  const d = within(dialog);
  await user.type(d.getByLabelText(/Title/), 'ab');
  await user.type(d.getByLabelText(/Description/), 'short');
  await user.clear(d.getByLabelText(/Target/));
  await user.type(d.getByLabelText(/Target/), '0');
  await user.clear(d.getByLabelText(/Unit/));
  const start = (d.getByLabelText(/Start Date/) as HTMLInputElement).value;
  const end = d.getByLabelText(/End Date/);
  await user.clear(end);
  await user.type(end, start);
  await user.click(d.getByRole('button', { name: 'Create Challenge' }));
  expect(d.getByText('Title must be at least 3 characters')).toBeInTheDocument();
  expect(d.getByText('Description must be at least 10 characters')).toBeInTheDocument();
  expect(d.getByText('Target must be at least 1')).toBeInTheDocument();
  expect(d.getByText('Unit is required')).toBeInTheDocument();
  const endError = d.getByText('End date must be after start date');
  expect(end).toHaveAttribute('aria-describedby', expect.stringContaining(endError.id));
  expect(end).toHaveAttribute('aria-invalid', 'true');
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
});

it('creates: sends the body, toasts, closes, joins the creator, goes to the new challenge and reopens reset', async () => {
  const { user, calls } = setup();
  let dialog = await openDialog(user);
  let d = within(dialog);
  await user.type(d.getByLabelText(/Title/), 'Walk On');
  await user.type(d.getByLabelText(/Description/), 'Walk every day, together.');
  await user.selectOptions(d.getByLabelText('Challenge Type'), 'distance');
  await user.clear(d.getByLabelText(/Target/));
  await user.type(d.getByLabelText(/Target/), '26.2');
  await user.type(d.getByLabelText(/Max Participants/), '20');
  await user.selectOptions(d.getByLabelText('Difficulty'), 'hard');
  await user.selectOptions(d.getByLabelText('Category'), 'endurance');
  await user.click(d.getByRole('button', { name: 'Create Challenge' }));

  expect(await screen.findByText('Challenge Created!')).toBeInTheDocument();
  expect(screen.getByText('Your fitness challenge has been created successfully.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.body).toMatchObject({
    title: 'Walk On',
    description: 'Walk every day, together.',
    type: 'distance',
    target: 26.2,
    unit: 'miles',
    difficulty: 'hard',
    category: 'endurance',
    maxParticipants: 20,
  });
  expect(new Date((post.body as { endDate: string }).endDate).getTime()).toBeGreaterThan(new Date((post.body as { startDate: string }).startDate).getTime());
  // The creator joins their own challenge (the create call does not) and lands on it.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/challenges/9'));
  const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
  expect(posts).toEqual(['/api/challenges', '/api/challenges/9/join']);
  // One confirmation, not a second 'Challenge Joined!' toast.
  expect(screen.queryByText('Challenge Joined!')).toBeNull();
  expect(await screen.findByRole('article', { name: 'Walk On' })).toBeInTheDocument();

  dialog = await openDialog(user);
  d = within(dialog);
  expect(d.getByLabelText(/Title/)).toHaveValue('');
  expect(d.getByLabelText('Challenge Type')).toHaveValue('steps');
  expect(d.getByLabelText(/Unit/)).toHaveValue('steps');
});

it('still lands on the new challenge when the follow-up join is refused (the challenge exists; its page offers Join)', async () => {
  const { user, calls } = setup(undefined, { status: 400, body: { message: 'This challenge is full' } });
  const d = within(await openDialog(user));
  await user.type(d.getByLabelText(/Title/), 'Walk On');
  await user.type(d.getByLabelText(/Description/), 'Walk every day, together.');
  await user.click(d.getByRole('button', { name: 'Create Challenge' }));
  expect(await screen.findByText('Challenge Created!')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/challenges/9'));
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  expect(screen.queryByText('Error')).toBeNull();
});

it('keeps the dialog open with the failure toast and the field message when the server refuses', async () => {
  const { user } = setup(() => ({
    status: 400,
    body: { message: 'Start date cannot be in the past', issues: [{ path: ['startDate'], message: 'Start date cannot be in the past' }] },
  }));
  const dialog = await openDialog(user);
  const d = within(dialog);
  await user.type(d.getByLabelText(/Title/), 'Walk On');
  await user.type(d.getByLabelText(/Description/), 'Walk every day, together.');
  await user.click(d.getByRole('button', { name: 'Create Challenge' }));
  expect(await screen.findByText('Error')).toBeInTheDocument();
  expect(await d.findByText('Start date cannot be in the past', { selector: '[role=alert]' })).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Create New Challenge' })).toBeInTheDocument();
});

it('closes on Escape and keeps Tab inside the dialog', async () => {
  const { user } = setup();
  const dialog = await openDialog(user);
  for (let i = 0; i < 20; i++) {
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
