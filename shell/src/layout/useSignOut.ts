import { useSignOutAndLeave, useToast } from '@fitconnect/shared-ui';

/**
 * Sign out (SPEC §4): go to / and sign out; useLogout clears all cached data. shared-ui's
 * useSignOutAndLeave keeps the guard of the page being left from redirecting to /signin while the
 * navigation to / is still committing. Toasts come from the promise (mutate-level callbacks are skipped
 * if the caller unmounts).
 */
export function useSignOut() {
  const { signOut: leaveAndSignOut, pending } = useSignOutAndLeave('/');
  const { toast } = useToast();
  const signOut = () => {
    leaveAndSignOut().then(
      () => toast({ title: 'Logged out successfully', description: 'You have been logged out of your account.' }),
      () => toast({ title: 'Logout failed', description: 'There was a problem logging out.', variant: 'destructive' }),
    );
  };
  return { signOut, pending };
}
