import { useNavigate } from 'react-router-dom';
import { useLogout, useToast } from '@fitconnect/shared-ui';

/**
 * Sign out (SPEC §4): go to / and sign out; useLogout clears all cached data. Leaving first matters:
 * clearing the cached user re-renders any RequireAuth around the current page synchronously, while a
 * router navigation is a transition, so navigating afterwards would lose to that guard's redirect to
 * /signin. Toasts come from the promise (mutate-level callbacks are skipped if the caller unmounts).
 */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const { toast } = useToast();
  const signOut = () => {
    navigate('/');
    logout.mutateAsync().then(
      () => toast({ title: 'Logged out successfully', description: 'You have been logged out of your account.' }),
      () => toast({ title: 'Logout failed', description: 'There was a problem logging out.', variant: 'destructive' }),
    );
  };
  return { signOut, pending: logout.isPending };
}
