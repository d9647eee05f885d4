// The trainers area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { Navigate, useParams } from 'react-router-dom';
import { lazyPage, type RemoteAreaModule } from '@fitconnect/shared-ui';
import { useDocumentTitle } from './lib/useDocumentTitle';

// Route-level code splitting: a first visit loads the page it opens (the directory does not load the
// profile editor, the photo upload or the three-step sign-up).
const TrainersPage = lazyPage(() => import('./features/directory/components/TrainersPage'), 'TrainersPage');
const TrainerProfilePage = lazyPage(() => import('./features/profile/components/TrainerProfilePage'), 'TrainerProfilePage');
const EditTrainerPage = lazyPage(() => import('./features/profile-edit/components/EditTrainerPage'), 'EditTrainerPage');
const MyTrainerProfilePage = lazyPage(() => import('./features/profile-edit/components/MyTrainerProfilePage'), 'MyTrainerProfilePage');
const TrainerSignupPage = lazyPage(() => import('./features/signup/components/TrainerSignupPage'), 'TrainerSignupPage');

function TrainersRoute() {
  useDocumentTitle('Find a Trainer');
  return <TrainersPage />;
}

/** SPEC's Cancel target /trainer-profile/{id} is the public profile. */
function TrainerProfileRedirect() {
  const { id } = useParams();
  return <Navigate to={`/trainers/${encodeURIComponent(id ?? '')}`} replace />;
}

/**
 * The trainers area: /trainers, /trainers/:id, /trainer-profile (your own), /trainer-profile/:id (-> public
 * profile), /trainer-profile/:id/edit, /trainer-signup.
 */
const trainersArea: RemoteAreaModule = {
  area: 'trainers',
  routes: [
    { path: '/trainers', Component: TrainersRoute },
    { path: '/trainers/:id', Component: TrainerProfilePage },
    // The shell's 'Manage Trainer Profile' links here: the signed-in user's own profile, or finishing it.
    { path: '/trainer-profile', Component: MyTrainerProfilePage, requiresAuth: true },
    { path: '/trainer-profile/:id', Component: TrainerProfileRedirect },
    { path: '/trainer-profile/:id/edit', Component: EditTrainerPage, requiresAuth: true },
    { path: '/trainer-signup', Component: TrainerSignupPage },
  ],
};

export default trainersArea;
