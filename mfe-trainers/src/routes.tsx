import { Navigate, useParams } from 'react-router-dom';
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { placeholderPage } from './Placeholder';

/** SPEC's Cancel target /trainer-profile/{id} is the public profile. */
function TrainerProfileRedirect() {
  const { id } = useParams();
  return <Navigate to={`/trainers/${id ?? ''}`} replace />;
}

/** The trainers area: what the shell renders at /trainers, /trainers/:id, /trainer-profile/:id/edit, /trainer-signup. */
const trainersArea: RemoteAreaModule = {
  area: 'trainers',
  routes: [
    { path: '/trainers', Component: placeholderPage('Find a Trainer', 'Searching for trainers is not available yet.') },
    { path: '/trainers/:id', Component: placeholderPage('Trainer Profile', 'Trainer profiles are not available yet.') },
    { path: '/trainer-profile/:id', Component: TrainerProfileRedirect },
    {
      path: '/trainer-profile/:id/edit',
      Component: placeholderPage('Edit Trainer Profile', 'Editing a trainer profile is not available yet.'),
      requiresAuth: true,
    },
    { path: '/trainer-signup', Component: placeholderPage('Join as a Trainer', 'Trainer sign-up is not available yet.') },
  ],
};

export default trainersArea;
