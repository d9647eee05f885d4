import { act, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import type { RemotesManifest } from '@fitconnect/shared-ui';
import { AreaLoader, type FederationRuntime } from '../src/federation/areaLoader';
import { AreaLoaderProvider, AreaOutlet } from '../src/federation/AreaOutlet';
import { mockFetch, signedOut } from './pages/fetchMock';

// An area's pages inside the shell: loaded once, then shown again on a return without a second render of the page
// (issue 35.3: a switch back into a visited area costs what the monolith's navigation costs).

const manifest: RemotesManifest = {
  remotes: [{ area: 'community', name: 'mfe_community', entry: 'http://remote.test/community/mf-manifest.json' }],
};

test('a return to a visited area renders its page once, with the module it already has', async () => {
  mockFetch(signedOut);
  const renders = jest.fn();
  function CommunityPage() {
    renders();
    return <h1>Community</h1>;
  }
  const runtime: FederationRuntime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async () => ({ default: { area: 'community', routes: [{ path: '/community', Component: CommunityPage }] } })) as FederationRuntime['loadRemote'],
  };
  const loader = new AreaLoader({ runtime, fetchManifest: async () => manifest, fetchExposes: async () => ['./routes'] });
  renderWithProviders(
    <AreaLoaderProvider value={loader}>
      <Link to="/community">Community</Link>
      <Link to="/">Home</Link>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="*" element={<AreaOutlet area="community" />} />
      </Routes>
    </AreaLoaderProvider>,
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('link', { name: 'Community' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Home' }));
  expect(await screen.findByText('Home page')).toBeInTheDocument();

  renders.mockClear();
  await user.click(screen.getByRole('link', { name: 'Community' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(renders).toHaveBeenCalledTimes(1);
  expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
});
