// The trainers area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { Navigate, useParams } from 'react-router-dom';
import type { RemoteAreaModule } from '@fitconnect/shared-ui';
import { TrainersPage } from './features/directory/components/TrainersPage';
import { TrainerProfilePage } from './features/profile/components/TrainerProfilePage';
import { EditTrainerPage } from './features/profile-edit/components/EditTrainerPage';
import { MyTrainerProfilePage } from './features/profile-edit/components/MyTrainerProfilePage';
import { TrainerSignupPage } from './features/signup/components/TrainerSignupPage';
import { useDocumentTitle } from './lib/useDocumentTitle';

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
