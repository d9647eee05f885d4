import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { ResetPasswordForm, type ResetPasswordBody } from '@fitconnect/contracts/auth';
import { Banner, Button, apiErrorMessage, apiRequest, isApiError } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { AuthCard, AuthLead, AuthTitle, AuthWrap, CenterIcon, FormStack, LinkList, TextLink } from './styles';
import { Icon } from './icons';
import { useZodForm } from './useZodForm';

export const RESET_FAILED = 'Failed to reset password. Please try again.';
export const RESET_BAD_TOKEN = 'Invalid reset token. Please request a new password reset.';

/** The text for a failed reset: the server's word when it is a 400 about the token, else the generic text. */
/** SPEC §8 words: a refused token gives RESET_BAD_TOKEN (whatever the server's wording), anything else RESET_FAILED. */
export function resetErrorText(err: unknown): string {
  if (isApiError(err, 400) && /token/i.test(apiErrorMessage(err, ''))) return RESET_BAD_TOKEN;
  return RESET_FAILED;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(ResetPasswordForm, { newPassword: '', confirmPassword: '' }, ['newPassword', 'confirmPassword']);
  const reset = useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest<unknown>('POST', '/api/auth/reset-password', body),
  });

  useEffect(() => {
    document.title = 'Reset Password | FitConnect';
  }, []);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (!token) {
    return (
      <AuthWrap>
        <AuthCard>
          <CenterIcon $tone="danger">
            <Icon name="cross" />
          </CenterIcon>
          <AuthTitle>Invalid Reset Link</AuthTitle>
          <AuthLead>
            {RESET_BAD_TOKEN} Reset links can only be used once and expire after 30 minutes.
          </AuthLead>
          <Button as={Link} to="/forgot-password" fullWidth>
            Request a New Reset Link
          </Button>
          <LinkList>
            <TextLink to="/signin">Back to Sign In</TextLink>
          </LinkList>
        </AuthCard>
      </AuthWrap>
    );
  }

  if (done) {
    return (
      <AuthWrap>
        <AuthCard>
          <CenterIcon $tone="success">
            <Icon name="check" />
          </CenterIcon>
          <AuthTitle ref={heading} tabIndex={-1}>
            Password Reset Complete
          </AuthTitle>
          <AuthLead>Your password has been changed. You can now sign in with your new password.</AuthLead>
          <LinkList>
            <TextLink to="/signin">Go to Sign In</TextLink>
          </LinkList>
        </AuthCard>
      </AuthWrap>
    );
  }

  const onSubmit = form.handleSubmit((data) => {
    setError(null);
    reset.mutate(
      { token, newPassword: data.newPassword },
      {
        onSuccess: () => setDone(true),
        onError: (err) => setError(resetErrorText(err)),
      },
    );
  });

  return (
    <AuthWrap>
      <AuthCard>
        <AuthTitle>Reset Password</AuthTitle>
        <AuthLead>Choose a new password for your account.</AuthLead>
        <FormStack onSubmit={onSubmit} aria-label="Set a new password">
          {error && (
            <Banner tone="danger">
              {error}
              {error === RESET_BAD_TOKEN ? (
                <>
                  {' '}
                  <TextLink to="/forgot-password">Request a new link</TextLink>
                </>
              ) : null}
            </Banner>
          )}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            required
            {...form.bind('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            {...form.bind('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {reset.isPending ? 'Resetting…' : 'Reset Password'}
          </Button>
        </FormStack>
        <LinkList>
          <TextLink to="/signin">Back to Sign In</TextLink>
        </LinkList>
      </AuthCard>
    </AuthWrap>
  );
}
