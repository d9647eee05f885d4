import { createRoot } from 'react-dom/client';
import routes from './routes';
import { StandaloneApp } from './standalone';

const el = document.getElementById('root');
if (el) createRoot(el).render(<StandaloneApp module={routes} />);
