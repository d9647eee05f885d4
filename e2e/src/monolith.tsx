// The yardstick for `npm run bench` only: the same shell with every remote's routes imported by one
// build (no Module Federation), each area still its own lazily loaded chunk. Built with the shell's
// rspack config, this file as its entry (FITCONNECT_MONOLITH=<this file>, set by bench.ts); never
// deployed. It lives beside the bench so the shell's own source imports no remote.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient, type RemotesManifest } from '@fitconnect/shared-ui';
import { Shell } from '../../shell/src/App';
import { AreaLoader } from '../../shell/src/federation/areaLoader';

const AREAS: Record<string, () => Promise<unknown>> = {
  mfe_workouts: () => import('../../mfe-workouts/src/routes'),
  mfe_trainers: () => import('../../mfe-trainers/src/routes'),
  mfe_messages: () => import('../../mfe-messages/src/routes'),
  mfe_community: () => import('../../mfe-community/src/routes'),
  mfe_challenges: () => import('../../mfe-challenges/src/routes'),
};
const manifest: RemotesManifest = {
  remotes: (['workouts', 'trainers', 'messages', 'community', 'challenges'] as const).map((area) => ({ area, name: `mfe_${area}`, entry: 'static' })),
};

function Monolith() {
  const [queryClient] = useState(createQueryClient);
  const [loader] = useState(
    () =>
      new AreaLoader({
        runtime: { registerRemotes() {}, loadRemote: async <T,>(id: string) => (await AREAS[id.split('/')[0]]()) as T },
        fetchManifest: async () => manifest,
      }),
  );
  return (
    <BrowserRouter>
      <Shell loader={loader} queryClient={queryClient} />
    </BrowserRouter>
  );
}

const el = document.getElementById('root');
if (el) createRoot(el).render(<Monolith />);
