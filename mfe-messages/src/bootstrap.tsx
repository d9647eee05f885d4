import { createRoot } from 'react-dom/client';
import { StandaloneArea } from '@fitconnect/shared-ui/standalone';
import routes from './routes';

const el = document.getElementById('root');
if (el) createRoot(el).render(<StandaloneArea module={routes} />);
