import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardBody, EmptyState, PageContainer, PageHeading, Spinner, apiErrorMessage, isApiError, useCurrentUser, useToast } from '@fitconnect/shared-ui';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { serverFieldErrors, type FieldErrors } from '../../../lib/zodErrors';
import { MY_TRAINER_KEY, useMyTrainer } from '../../profile/api/get-my-trainer';
import { useCreateTrainerProfile } from '../api/create-trainer-profile';
import { uploadPhoto } from '../api/upload-photo';
import { EMPTY_PROFILE, PROFILE_FIELDS, type ProfileFormValues } from '../lib/profile-form';
import { ProfileLoadProblem } from './EditTrainerPage';
import { TrainerProfileForm } from './TrainerProfileForm';

/** Navigation state a page can hand over: the profile a trainer typed during sign-up. */
export interface FinishProfileState {
  draft?: ProfileFormValues;
}

/**
 * /trainer-profile: the signed-in user's own trainer profile. It exists: go to its public page. A trainer
 * account without one (sign-up's second call failed): finish it here.
 */
export function MyTrainerProfilePage() {
  useDocumentTitle('Your Trainer Profile');
  const { user, isLoading } = useCurrentUser();
  const mine = useMyTrainer(!!user);

  if (isLoading || (user && mine.isPending)) return <Spinner label="Loading your trainer profile" center />;
  if (!user) return <Navigate to="/signin?redirect=%2Ftrainer-profile" replace />;
  if (mine.data) return <Navigate to={`/trainers/${mine.data.id}`} replace />;
  if (isApiError(mine.error, 404)) {
    if (user.isTrainer) return <FinishTrainerProfile firstName={user.firstName} lastName={user.lastName} location={user.location} />;
    return (
      <PageContainer $narrow>
        <EmptyState
          headingAs="h1"
          title="No trainer profile"
          description="This is a client account. Trainer profiles belong to trainer accounts: join as a trainer with a new account to get one."
          action={
            <Button as={Link} to="/trainers">
              Browse Trainers
            </Button>
          }
        />
      </PageContainer>
    );
  }
  return <ProfileLoadProblem notFound={false} />;
}

function FinishTrainerProfile({ firstName, lastName, location: accountLocation }: { firstName: string; lastName: string; location: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { toast } = useToast();
  const create = useCreateTrainerProfile();
  const [uploading, setUploading] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const draft = (location.state as FinishProfileState | null)?.draft;

  return (
    <PageContainer $narrow>
      <PageHeading subtitle="Your trainer account is ready. Add your profile so clients can find you. Fields marked * are required.">
        Finish your trainer profile
      </PageHeading>
      <Card>
        <CardBody>
          <TrainerProfileForm
            initial={{ ...EMPTY_PROFILE, ...draft, location: draft?.location || accountLocation }}
            firstName={firstName}
            lastName={lastName}
            currentPhoto={null}
            submitLabel="Create Trainer Profile"
            pending={create.isPending || uploading}
            serverErrors={serverErrors}
            onSubmit={(body, photo) => {
              setServerErrors(null);
              create.mutate(body, {
                onSuccess: async (trainer) => {
                  if (photo) {
                    setUploading(true);
                    try {
                      await uploadPhoto(trainer.id, photo);
                    } catch (err) {
                      toast({ title: 'Upload failed', description: apiErrorMessage(err, 'Failed to upload image'), variant: 'destructive' });
                    } finally {
                      setUploading(false);
                    }
                  }
                  toast({ title: 'Profile created', description: 'Your trainer profile is live.', variant: 'success' });
                  navigate(`/trainers/${trainer.id}`, { replace: true });
                },
                onError: (err) => {
                  if (isApiError(err, 409)) {
                    // Made meanwhile (another tab): show it.
                    void qc.invalidateQueries({ queryKey: MY_TRAINER_KEY });
                    return;
                  }
                  if (isApiError(err, 400)) setServerErrors(serverFieldErrors(err.json, PROFILE_FIELDS));
                  toast({ title: 'Error updating profile', description: 'There was an error updating your profile. Please try again.', variant: 'destructive' });
                },
              });
            }}
          />
        </CardBody>
      </Card>
    </PageContainer>
  );
}

export default MyTrainerProfilePage;
