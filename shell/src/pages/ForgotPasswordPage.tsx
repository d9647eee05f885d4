import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordBody } from '@fitconnect/contracts/auth';
import { Banner, Button, apiRequest } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { AuthCard, AuthLead, AuthTitle, AuthWrap, CenterIcon, FormStack, LinkList, TextLink } from './styles';
import { Icon } from './icons';
import { useZodForm } from './useZodForm';

export const FORGOT_FAILED = 'Failed to send reset email. Please try again.';
export const FORGOT_SENT = "If an account with that email exists, we've sent a password reset link.";

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const form = useZodForm(ForgotPasswordBody, { email: '' }, ['email']);
  const send = useMutation({
    mutationFn: (body: ForgotPasswordBody) => apiRequest<unknown>('POST', '/api/auth/forgot-password', body),
  });

  useEffect(() => {
    document.title = 'Forgot Password | FitConnect';
  }, []);

  // Move focus to the new view's heading when switching between the form and the confirmation.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit((data) => {
    setFailed(false);
    send.mutate(data, {
      onSuccess: () => setSent(true),
      onError: () => setFailed(true),
    });
  });

  if (sent) {
    return (
      <AuthWrap>
        <AuthCard>
          <CenterIcon $tone="success">
            <Icon name="mail" />
          </CenterIcon>
          <AuthTitle ref={heading} tabIndex={-1}>
            Check Your Email
          </AuthTitle>
          <AuthLead>{FORGOT_SENT}</AuthLead>
          <AuthLead>
            The link expires after 30 minutes. Didn&apos;t get it? Check your spam folder or try again.
          </AuthLead>
          <Button
            variant="outline"
            fullWidth
            onClick={() => {
              send.reset();
              setSent(false);
            }}
          >
            Try Again
          </Button>
          <LinkList>
            <TextLink to="/signin">Back to Sign In</TextLink>
          </LinkList>
        </AuthCard>
      </AuthWrap>
    );
  }

  return (
    <AuthWrap>
      <AuthCard>
        <AuthTitle ref={heading} tabIndex={-1}>
          Forgot Password
        </AuthTitle>
        <AuthLead>Enter the email address of your account and we&apos;ll send you a link to reset your password.</AuthLead>
        <FormStack onSubmit={onSubmit} aria-label="Request a password reset link">
          {failed && <Banner tone="danger">{FORGOT_FAILED}</Banner>}
          <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
          <Button type="submit" fullWidth loading={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </FormStack>
        <LinkList>
          <span>
            Remembered it? <TextLink to="/signin">Back to Sign In</TextLink>
          </span>
        </LinkList>
      </AuthCard>
    </AuthWrap>
  );
}
