import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signInPath } from '@fitconnect/shared-ui';

/**
 * Same delay as the signed-out Helpful mark in community reviews (SPEC: 1.5 s): long enough to read the
 * toast that explains why, then on to sign-in.
 */
export const SIGN_IN_REDIRECT_MS = 1500;

/**
 * Returns `redirect()`: after SIGN_IN_REDIRECT_MS, go to /signin with a return to the current page, so a
 * signed-out action (Contact Trainer) leads on instead of stopping at a toast. Leaving the page cancels it.
 */
export function useSignInRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = signInPath(location.pathname, location.search);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(target), SIGN_IN_REDIRECT_MS);
  }, [navigate, target]);
}
