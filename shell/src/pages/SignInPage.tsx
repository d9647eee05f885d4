import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LoginBody } from '@fitconnect/contracts/auth';
import { Banner, Button, useCurrentUser, useLogin } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { safeRedirect } from './redirect';
import { AuthCard, AuthLead, AuthTitle, AuthWrap, FormStack, LinkList, TextLink } from './styles';
import { useZodForm } from './useZodForm';

export const SIGN_IN_FAILED = 'Invalid username or password. Please try again.';

export function SignInPage() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const login = useLogin();
  const { isSignedIn } = useCurrentUser();
  const [failed, setFailed] = useState(false);
  const form = useZodForm(LoginBody, { username: '', password: '' }, ['username', 'password']);

  useEffect(() => {
    document.title = 'Sign In | FitConnect';
  }, []);

  // Already signed in (or just signed in): go where the visitor was heading.
  if (isSignedIn && !login.isPending) return <Navigate to={target} replace />;

  const onSubmit = form.handleSubmit((data) => {
    setFailed(false);
    login.mutate(data, {
      onSuccess: () => navigate(target, { replace: true }),
      onError: () => setFailed(true),
    });
  });

  return (
    <AuthWrap>
      <AuthCard>
        <AuthTitle>Sign In</AuthTitle>
        <AuthLead>Welcome back! Sign in to your FitConnect account.</AuthLead>
        <FormStack onSubmit={onSubmit} noValidate aria-label="Sign in">
          {failed && (
            <Banner tone="danger" title="Sign in failed">
              {SIGN_IN_FAILED}
            </Banner>
          )}
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.bind('username')}
          />
          <TextField label="Password" type="password" autoComplete="current-password" required {...form.bind('password')} />
          <Button type="submit" fullWidth loading={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign In'}
          </Button>
        </FormStack>
        <LinkList>
          <TextLink to="/forgot-password">Forgot your password?</TextLink>
          <span>
            Don&apos;t have an account? <TextLink to="/signup">Sign up</TextLink>
          </span>
          <span>
            Are you a personal trainer? <TextLink to="/trainer-signup">Join as a trainer</TextLink>
          </span>
        </LinkList>
      </AuthCard>
    </AuthWrap>
  );
}
