import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerThen, refetchFails, renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { useToastStore } from '@fitconnect/shared-ui';
import { OpsPage } from '../../src/pages/ops/OpsPage';
import { makeUser, mockFetch, signedIn } from './fetchMock';

// jsdom has no canvas: a stand-in Chart records what it was asked to draw.
const drawn: { labels: string[]; datasets: { label: string; data: (number | null)[] }[] }[] = [];
jest.mock('chart.js', () => ({
  Chart: class {
    static register() {}
    constructor(_el: unknown, config: { data: (typeof drawn)[number] }) {
      drawn.push(config.data);
    }
    destroy() {}
  },
  CategoryScale: {},
  Legend: {},
  LinearScale: {},
  LineController: {},
  LineElement: {},
  PointElement: {},
  Tooltip: {},
}));

// Issue 34 item 5: the /ops page (operators' rollouts), with its loading, forbidden and error states and
// the reason dialog of each action.

const area = (over: Record<string, unknown> = {}) => ({
  area: 'trainers',
  name: 'mfe_trainers',
  configured: true,
  stable: { entry: 'http://x/mf-manifest.json', version: 'default' },
  candidate: { entry: 'http://x/versions/0.2.0/mf-manifest.json', version: '0.2.0', percent: 25, loads: 3, failures: 0 },
  autoRollback: null,
  updatedAt: '2030-01-07T10:00:00.000Z',
  versions: [],
  plan: { version: '0.2.0', steps: [25, 50, 100], everyMs: 1_800_000, stepIndex: 0, state: 'running', nextDecisionAt: '2030-01-07T10:30:00.000Z', startedAt: '2030-01-07T10:00:00.000Z', startedBy: 'ops@example.com', endedReason: null, lastDecision: null },
  killed: null,
  health: null,
  ...over,
});
const page = (areas = [area()]) => ({
  operator: 'ops@example.com',
  status: { areas, threshold: { failureRate: 0.05, minLoads: 20 } },
  series: { trainers: [{ at: '2030-01-07T10:00:00.000Z', version: '0.2.0', role: 'candidate', visitors: 4, errorVisitors: 1, apiVisitors: 4, api5xxVisitors: 0, lcpP75: 2050, inpP75: 200 }] },
});
const log = { entries: [{ id: 1, at: '2030-01-07T10:00:00.000Z', area: 'trainers', action: 'plan', actor: 'ops@example.com', automatic: false, reason: 'first steps', before: null, after: null }] };

afterEach(() => {
  act(() => useToastStore.getState().dismiss());
});

test('shows each area with its plan, charts and table, and the audit log', async () => {
  mockFetch({ ...signedIn(makeUser()), 'GET /api/ops/rollouts': { body: page() }, 'GET /api/ops/rollouts/log': { body: log } });
  renderWithProviders(<OpsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Rollouts' })).toBeInTheDocument();
  const card = screen.getByRole('region', { name: /^trainers/ });
  expect(within(card).getByText('0.2.0 at 25 %')).toBeInTheDocument();
  expect(within(card).getByRole('list', { name: 'Steps' })).toHaveTextContent('25 %50 %100 %');
  expect(within(card).getAllByRole('img')).toHaveLength(2);
  await waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(2));
  expect(drawn[0].datasets.find((d) => d.label === 'Errors, candidate')!.data).toEqual([25]);
  expect(drawn[1].datasets.find((d) => d.label === 'LCP p75, candidate')!.data).toEqual([2050]);
  expect(within(card).getByRole('table')).toHaveTextContent('candidate 0.2.0');
  expect(within(card).getByRole('table')).toHaveTextContent('25 %');
  expect(await screen.findByText('first steps')).toBeInTheDocument();
  expect(within(card).getByRole('group', { name: 'Actions on trainers' })).toHaveTextContent('PausePromoteRoll backKill');
});

test('an action asks for a reason in a dialog, then posts it', async () => {
  const calls = mockFetch({
    ...signedIn(makeUser()),
    'GET /api/ops/rollouts': { body: page() },
    'GET /api/ops/rollouts/log': { body: log },
    'POST /api/ops/rollouts/trainers/rollback': { body: area({ candidate: { ...area().candidate, percent: 0 } }) },
  });
  const user = userEvent.setup();
  renderWithProviders(<OpsPage />);
  await user.click(await screen.findByRole('button', { name: 'Roll back' }));
  const dialog = await screen.findByRole('dialog', { name: 'Roll back trainers' });
  await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
  expect(await within(dialog).findByText(/A reason is required/)).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
  await user.type(within(dialog).getByLabelText(/Reason/), 'errors in the new filters');
  await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/ops/rollouts/trainers/rollback', body: { reason: 'errors in the new filters' } });
});

test('a user without the operator role sees "Operators only"; a failure shows a retry', async () => {
  mockFetch({ ...signedIn(makeUser()), 'GET /api/ops/rollouts': { status: 403, body: { message: 'Only operators may use /ops' } } });
  const { unmount } = renderWithProviders(<OpsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Operators only' })).toBeInTheDocument();
  unmount();
  mockFetch({ ...signedIn(makeUser()), 'GET /api/ops/rollouts': { status: 500, body: { message: 'Database down' } } });
  renderWithProviders(<OpsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Rollouts could not be loaded' }, { timeout: 20_000 })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
}, 30_000);

test('a refresh that fails for the connection keeps the status and an open reason dialog, and says so', async () => {
  mockFetch({ ...signedIn(makeUser()), 'GET /api/ops/rollouts': answerThen({ body: page() }, 'network'), 'GET /api/ops/rollouts/log': { body: log } });
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<OpsPage />);
  await user.click(await screen.findByRole('button', { name: 'Roll back' }));
  const dialog = await screen.findByRole('dialog', { name: 'Roll back trainers' });
  await user.type(within(dialog).getByLabelText(/Reason/), 'errors in the new filters');
  await refetchFails(queryClient, ['ops', 'rollouts']);
  expect(await screen.findByText('Could not refresh the rollouts')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: /^trainers/ })).toHaveTextContent('0.2.0 at 25 %');
  expect(within(screen.getByRole('dialog', { name: 'Roll back trainers' })).getByLabelText(/Reason/)).toHaveValue('errors in the new filters');
}, 30_000);
