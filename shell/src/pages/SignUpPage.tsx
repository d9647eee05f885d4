import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SignupBody } from '@fitconnect/contracts/auth';
import { Button, apiErrorMessage, useCurrentUser, useSignup, useToast } from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { AuthCard, AuthLead, AuthTitle, AuthWrap, FormStack, LinkList, TextLink, TwoCols } from './styles';
import { serverFieldErrors, useZodForm } from './useZodForm';

/** SPEC §8: the registration failure text shown under the 'Registration failed' title. */
export function registrationErrorText(err: unknown): string {
  const raw = apiErrorMessage(err, err instanceof Error ? err.message : '');
  if (raw.includes('Username already exists')) return 'Username already exists';
  if (raw.includes('Email already exists')) return 'Email already exists';
  return 'An error occurred during registration';
}

const FIELDS = ['username', 'email', 'firstName', 'lastName', 'location', 'password', 'confirmPassword'] as const;

export function SignUpPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const { isSignedIn } = useCurrentUser();
  const { toast } = useToast();
  const form = useZodForm(
    SignupBody,
    { username: '', email: '', firstName: '', lastName: '', location: '', password: '', confirmPassword: '' },
    FIELDS,
  );

  useEffect(() => {
    document.title = 'Sign Up | FitConnect';
  }, []);

  if (isSignedIn && !signup.isPending && !signup.isSuccess) return <Navigate to="/profile" replace />;

  const onSubmit = form.handleSubmit((data) => {
    signup.mutate(
      { ...data, isTrainer: false },
      {
        onSuccess: () => {
          toast({
            title: 'Welcome to FitConnect!',
            description: 'Your account has been created and you are now signed in.',
            variant: 'success',
          });
          navigate('/profile', { replace: true });
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err, FIELDS);
          if (fieldErrors) form.setErrors(fieldErrors);
          toast({ title: 'Registration failed', description: registrationErrorText(err), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <AuthWrap>
      <AuthCard $wide>
        <AuthTitle>Create Your Account</AuthTitle>
        <AuthLead>Join FitConnect free: build home workouts, find trainers and track your progress.</AuthLead>
        <FormStack onSubmit={onSubmit} aria-label="Create your account">
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            hint="At least 3 characters: letters, numbers, dots, dashes or underscores."
            required
            {...form.bind('username')}
          />
          <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
          <TwoCols>
            <TextField label="First name" autoComplete="given-name" required {...form.bind('firstName')} />
            <TextField label="Last name" autoComplete="family-name" required {...form.bind('lastName')} />
          </TwoCols>
          <TextField
            label="Location (optional)"
            autoComplete="address-level2"
            placeholder="City or postcode"
            {...form.bind('location')}
          />
          <TwoCols>
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters."
              required
              {...form.bind('password')}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              required
              {...form.bind('confirmPassword')}
            />
          </TwoCols>
          <Button type="submit" fullWidth loading={signup.isPending}>
            {signup.isPending ? 'Creating account…' : 'Create Account'}
          </Button>
        </FormStack>
        <LinkList>
          <span>
            Already have an account? <TextLink to="/signin">Sign in</TextLink>
          </span>
          <span>
            Are you a personal trainer? <TextLink to="/trainer-signup">Join as a trainer</TextLink>
          </span>
          <span>
            By creating an account you agree to our <TextLink to="/privacy-policy">Privacy Policy</TextLink>.
          </span>
        </LinkList>
      </AuthCard>
    </AuthWrap>
  );
}
