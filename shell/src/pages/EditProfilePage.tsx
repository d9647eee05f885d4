import { useEffect, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { emailChanges, updateProfileFormFor, type PublicUser } from '@fitconnect/contracts/auth';
import {
  Button,
  PageContainer,
  Spinner,
  apiErrorMessage,
  signInPath,
  useCurrentUser,
  useToast,
  useUpdateProfile,
} from '@fitconnect/shared-ui';
import { TextField } from '@fitconnect/shared-ui/forms';
import { AuthCard, FormStack, TextLink, TwoCols } from './styles';
import { serverFieldErrors, useZodForm } from './useZodForm';

export const UPDATE_FAILED = 'Failed to update your profile';

const Top = styled.div`
  max-width: 560px;
  margin: 0 auto ${({ theme }) => theme.space.md};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

const FIELDS = ['firstName', 'lastName', 'email', 'currentPassword', 'location'] as const;

function EditProfileForm({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const { toast } = useToast();
  // A new email address needs the current password (the API refuses it otherwise).
  const schema = useMemo(() => updateProfileFormFor(user.email), [user.email]);
  const form = useZodForm(
    schema,
    { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: '', location: user.location ?? '' },
    FIELDS,
  );
  const changingEmail = emailChanges(user.email, form.values.email);

  const onSubmit = form.handleSubmit((data) => {
    const { currentPassword, ...fields } = data;
    update.mutate(changingEmail ? { ...fields, currentPassword } : fields, {
      onSuccess: () => {
        toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.', variant: 'success' });
        navigate('/profile');
      },
      onError: (err) => {
        const fieldErrors = serverFieldErrors(err, FIELDS);
        if (fieldErrors) form.setErrors(fieldErrors);
        toast({ title: 'Update failed', description: apiErrorMessage(err, UPDATE_FAILED), variant: 'destructive' });
      },
    });
  });

  return (
    <AuthCard $wide>
      <FormStack onSubmit={onSubmit} aria-labelledby="edit-profile-title">
        <TwoCols>
          <TextField label="First name" autoComplete="given-name" required {...form.bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...form.bind('lastName')} />
        </TwoCols>
        <TextField label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
        {changingEmail && (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            hint="Needed to change your email address. We will tell your old address about the change."
            {...form.bind('currentPassword')}
          />
        )}
        <TextField
          label="Location"
          autoComplete="address-level2"
          placeholder="City or postcode"
          hint="Optional. Helps us show trainers near you."
          {...form.bind('location')}
        />
        <Buttons>
          <Button as={Link} to="/profile" variant="secondary">
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
        </Buttons>
      </FormStack>
    </AuthCard>
  );
}

export function EditProfilePage() {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    document.title = 'Edit Profile | FitConnect';
  }, []);

  if (isLoading) return <Spinner label="Loading your profile" center />;
  if (!user) return <Navigate to={signInPath('/edit-profile')} replace />;

  return (
    <PageContainer>
      <Top>
        <TextLink to="/profile">
          <span aria-hidden="true">←</span> Back to Profile
        </TextLink>
      </Top>
      <Top>
        <Title id="edit-profile-title">Edit Profile</Title>
        <Lead>Update your name, email address and location.</Lead>
      </Top>
      <Center>
        <EditProfileForm user={user} />
      </Center>
    </PageContainer>
  );
}
