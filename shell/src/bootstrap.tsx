import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@fitconnect/shared-ui';
import { App } from './App';
import { startOffline } from './offline/start';

const el = document.getElementById('root');
if (el) {
  // The page's one query client, made here so a signed-in user's persisted cache is restored before the
  // first render (./offline/start.ts); the service worker is registered after `load`.
  const queryClient = createQueryClient();
  void startOffline(queryClient).then(() => createRoot(el).render(<App queryClient={queryClient} />));
}
