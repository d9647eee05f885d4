import { Route, Routes, useLocation } from 'react-router-dom';
import { areaForPath, RequireAuth } from '@fitconnect/shared-ui';
import { AreaOutlet } from './federation/AreaOutlet';
import {
  EditProfilePage,
  ForgotPasswordPage,
  LandingPage,
  NotFoundPage,
  PrivacyPolicyPage,
  ProfilePage,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
} from './pages';

/** Anything that is not a shell page: the owning area's routes (from its remote), else the 404 page. */
function AreaOrNotFound() {
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  return area ? <AreaOutlet area={area} /> : <NotFoundPage />;
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
      <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="*" element={<AreaOrNotFound />} />
    </Routes>
  );
}
