// The trainers area's routes module (exposed as ./routes; the shell loads it with loadRemote).
import { matchPath, Navigate, useParams } from 'react-router-dom';
import { lazyPage, type RemoteAreaModule } from '@fitconnect/shared-ui';
import { TrainersPage } from './features/directory/components/TrainersPage';
import { preloadProfile, TrainerProfilePage } from './features/profile/lazy';
import { useDocumentTitle } from './lib/useDocumentTitle';

// The directory comes with the routes module (an area's first visit is nearly always it, and a page split from
// it would load only after it). A public profile is its own chunk, loaded on intent from the directory's links
// and before a server-rendered profile hydrates (./features/profile/lazy.ts). A trainer's own pages (sign up,
// manage and edit a profile: forms, photo upload) load when opened: 15.9 -> ~10 KB gzip for the first visit.
// A page opened at one of their URLs still gets its file early (the shell prefetches the routes' lazy files).
const MyTrainerProfilePage = lazyPage(() => import('./features/profile-edit/components/MyTrainerProfilePage'), 'MyTrainerProfilePage');
const EditTrainerPage = lazyPage(() => import('./features/profile-edit/components/EditTrainerPage'), 'EditTrainerPage');
const TrainerSignupPage = lazyPage(() => import('./features/signup/components/TrainerSignupPage'), 'TrainerSignupPage');
// The partners' snippet builder for the embeddable finder (issue 33).
const PartnersPage = lazyPage(() => import('./features/partners/components/PartnersPage'), 'PartnersPage');
// Bookings (issue 29): a trainer's schedule and everyone's sessions, loaded when opened.
const SchedulePage = lazyPage(() => import('./features/bookings/components/SchedulePage'), 'SchedulePage');
const MySessionsPage = lazyPage(() => import('./features/bookings/components/MySessionsPage'), 'MySessionsPage');

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
 * profile), /trainer-profile/:id/edit, /trainer-signup; /trainers/me/schedule (a trainer's availability, requests and
 * sessions) and /trainers/me/sessions (the signed-in user's sessions and calendar feed).
 */
const trainersArea: RemoteAreaModule = {
  area: 'trainers',
  routes: [
    { path: '/trainers', Component: TrainersRoute },
    { path: '/trainers/:id', Component: TrainerProfilePage },
    // Static segments rank above '/trainers/:id' in react-router, so these never read as a trainer id.
    { path: '/trainers/me/schedule', Component: SchedulePage, requiresAuth: true },
    { path: '/trainers/me/sessions', Component: MySessionsPage, requiresAuth: true },
    // The shell's 'Manage Trainer Profile' links here: the signed-in user's own profile, or finishing it.
    { path: '/trainer-profile', Component: MyTrainerProfilePage, requiresAuth: true },
    { path: '/trainer-profile/:id', Component: TrainerProfileRedirect },
    { path: '/trainer-profile/:id/edit', Component: EditTrainerPage, requiresAuth: true },
    { path: '/trainer-signup', Component: TrainerSignupPage },
    { path: '/partners', Component: PartnersPage },
  ],
  // A server-rendered profile (issue 32): the page's chunk and its booking panel's (which the page otherwise loads
  // in an effect) are loaded before the page hydrates, so the first render in the browser is the server's.
  prepare: (pathname) => (matchPath('/trainers/:id', pathname) ? preloadProfile().catch(() => undefined) : Promise.resolve()),
};

export default trainersArea;
