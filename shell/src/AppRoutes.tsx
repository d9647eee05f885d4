import { Route, Routes, useLocation } from 'react-router-dom';
import { areaForPath, lazyPage, RequireAuth } from '@fitconnect/shared-ui';
import { AreaOutlet } from './federation/AreaOutlet';
import { LandingPage } from './pages/LandingPage';
import { LazyNotFoundPage } from './pages/NotFoundLazy';
// The legal pages: lazy too, and loaded before a server-rendered one is hydrated (./pages/LegalPagesLazy.tsx).
import { PrivacyPolicyPage, TermsOfServicePage } from './pages/LegalPagesLazy';

// Route-level code splitting: the landing page comes with the shell's first chunk; every other shell page
// (the 404 too, ./pages/NotFoundLazy.tsx), with its forms, zod and the contracts, loads when it is first
// visited (lazyPage: a spinner meanwhile).
const SignInPage = lazyPage(() => import('./pages/SignInPage'), 'SignInPage');
const SignUpPage = lazyPage(() => import('./pages/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const ProfilePage = lazyPage(() => import('./pages/ProfilePage'), 'ProfilePage');
const EditProfilePage = lazyPage(() => import('./pages/EditProfilePage'), 'EditProfilePage');
// Issue 34: the operators' rollout page (chart.js comes with it, only there).
const OpsPage = lazyPage(() => import('./pages/ops/OpsPage'), 'OpsPage');
const NotificationsPage = lazyPage(() => import('./pages/notifications/NotificationsPage'), 'NotificationsPage');

/** Anything that is not a shell page: the owning area's routes (from its remote), else the 404 page. */
function AreaOrNotFound() {
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  return area ? <AreaOutlet area={area} /> : <LazyNotFoundPage />;
}

/** The shell's routes: its own pages, then every area by prefix (the shell knows areas, not features). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route
        path="/profile"
        element={
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        }
      />
      <Route
        path="/edit-profile"
        element={
          <RequireAuth>
            <EditProfilePage />
          </RequireAuth>
        }
      />
      <Route
        path="/profile/notifications"
        element={
          <RequireAuth>
            <NotificationsPage />
          </RequireAuth>
        }
      />
      <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="/terms-of-service" element={<TermsOfServicePage />} />
      <Route
        path="/ops"
        element={
          <RequireAuth>
            <OpsPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<AreaOrNotFound />} />
    </Routes>
  );
}
