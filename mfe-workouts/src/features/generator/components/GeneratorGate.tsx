import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner, useCurrentUser, useToast } from '@fitconnect/shared-ui';

export const GENERATOR_PATH = '/ai-workout';

/**
 * /ai-workout is for signed-in users. A visitor who is not signed in gets 'Login Required', then
 * /signin?redirect=/ai-workout (once; a ?load= of a saved workout comes along). Decided here, in the routes module,
 * before the generator's page renders: a signed-out visit does not load the page's chunk, its schemas and zod
 * (issue 35.3: the /ai-workout first visit of a signed-out visitor). Signing out on the page comes back here too.
 */
export function GeneratorGate({ children }: { children: ReactNode }) {
  const { isSignedIn, isLoading: userLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [searchParams] = useSearchParams();
  const loadParam = searchParams.get('load');

  const redirected = useRef(false);
  useEffect(() => {
    if (userLoading || isSignedIn || redirected.current) return;
    redirected.current = true;
    toast({ title: 'Login Required', description: 'Please sign in to use the AI workout generator.', variant: 'destructive' });
    const back = loadParam ? `${GENERATOR_PATH}?load=${encodeURIComponent(loadParam)}` : GENERATOR_PATH;
    navigate(`/signin?redirect=${loadParam ? encodeURIComponent(back) : back}`, { replace: true });
  }, [userLoading, isSignedIn, navigate, toast, loadParam]);

  if (userLoading || !isSignedIn) return <Spinner label={userLoading ? 'Checking your session' : 'Redirecting to sign in'} center />;
  return <>{children}</>;
}
