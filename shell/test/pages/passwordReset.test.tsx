import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { ForgotPasswordPage, ResetPasswordPage } from '../../src/pages';
import { mockFetch, signedOut } from './fetchMock';

function render(entry: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </Routes>,
    { initialEntries: [entry] },
  );
}

describe('ForgotPasswordPage', () => {
  it('validates the email before sending anything', async () => {
    const calls = mockFetch(signedOut);
    render('/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/email/i), 'nope');
    await user.click(screen.getByRole('button', { name: /send reset link/i }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/forgot-password')).toHaveLength(0);
  });

  it("shows the neutral 'Check Your Email' view, and Try Again returns to the form", async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/auth/forgot-password': { body: { message: 'ok' } } });
    render('/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/email/i), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: /send reset link/i }));

    const heading = await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText("If an account with that email exists, we've sent a password reset link.")).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({ email: 'someone@example.com' });

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/email/i)).toBeInTheDocument();
  });

  it('shows the failure text when the request fails', async () => {
    mockFetch({ ...signedOut, 'POST /api/auth/forgot-password': { status: 500, body: { message: 'SMTP down' } } });
    render('/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/email/i), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: /send reset link/i }));
    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it("shows 'Invalid Reset Link' with a way to request a new one when there is no token", () => {
    const calls = mockFetch(signedOut);
    render('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    // SPEC §8: the missing-token text.
    expect(screen.getByText(/^Invalid reset token\. Please request a new password reset\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /request a new reset link/i })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/new password/i)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/reset-password')).toHaveLength(0);
  });

  it('checks length and match, then resets and links to sign in', async () => {
    const calls = mockFetch({ ...signedOut, 'POST /api/auth/reset-password': { body: { message: 'Password updated' } } });
    render('/reset-password?token=abc123');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^new password/i), '12345');
    await user.click(screen.getByRole('button', { name: /reset password/i }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^new password/i), '6');
    await user.type(screen.getByLabelText(/^confirm new password/i), '123457');
    await user.click(screen.getByRole('button', { name: /reset password/i }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^confirm new password/i));
    await user.type(screen.getByLabelText(/^confirm new password/i), '123456');
    await user.click(screen.getByRole('button', { name: /reset password/i }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /sign in/i })).toHaveAttribute('href', '/signin');
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({ token: 'abc123', newPassword: '123456' });
  });

  it("shows SPEC's refused-token text on a 400 about the token (whatever the server's wording), and the generic text otherwise", async () => {
    let status = 400;
    mockFetch({
      ...signedOut,
      'POST /api/auth/reset-password': () =>
        status === 400
          ? { status, body: { message: 'Invalid or expired reset token. Please request a new password reset.' } }
          : { status, body: { message: 'database exploded' } },
    });
    render('/reset-password?token=used-token');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^new password/i), 'abcdef');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'abcdef');
    await user.click(screen.getByRole('button', { name: /reset password/i }));
    expect(await screen.findByText(/^Invalid reset token\. Please request a new password reset\./)).toBeInTheDocument();
    expect(screen.queryByText(/expired reset token/)).not.toBeInTheDocument();

    status = 500;
    await user.click(screen.getByRole('button', { name: /reset password/i }));
    expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/database exploded/)).not.toBeInTheDocument();
  });
});
