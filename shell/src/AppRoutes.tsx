import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { areaForPath, RequireAuth, Spinner } from '@fitconnect/shared-ui';
import { AreaOutlet } from './federation/AreaOutlet';
import { LandingPage } from './pages/LandingPage';
import { LazyNotFoundPage } from './pages/NotFoundLazy';

// Route-level code splitting: the landing page comes with the shell's first chunk; every other shell page
// (the 404 too), with its forms, zod and the contracts, loads when it is first visited.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
const SignInPage = page(() => import('./pages/SignInPage'), 'SignInPage');
const SignUpPage = page(() => import('./pages/SignUpPage'), 'SignUpPage');
const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage');
const ProfilePage = page(() => import('./pages/ProfilePage'), 'ProfilePage');
const EditProfilePage = page(() => import('./pages/EditProfilePage'), 'EditProfilePage');
const PrivacyPolicyPage = page(() => import('./pages/PrivacyPolicyPage'), 'PrivacyPolicyPage');

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner center label="Loading page" />}>{children}</Suspense>;
}

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
      <Route path="/signin" element={<Lazy><SignInPage /></Lazy>} />
      <Route path="/signup" element={<Lazy><SignUpPage /></Lazy>} />
      <Route path="/forgot-password" element={<Lazy><ForgotPasswordPage /></Lazy>} />
      <Route path="/reset-password" element={<Lazy><ResetPasswordPage /></Lazy>} />
      <Route
        path="/profile"
        element={
          <RequireAuth>
            <Lazy>
              <ProfilePage />
            </Lazy>
          </RequireAuth>
        }
      />
      <Route
        path="/edit-profile"
        element={
          <RequireAuth>
            <Lazy>
              <EditProfilePage />
            </Lazy>
          </RequireAuth>
        }
      />
      <Route path="/privacy-policy" element={<Lazy><PrivacyPolicyPage /></Lazy>} />
      <Route path="*" element={<AreaOrNotFound />} />
    </Routes>
  );
}
