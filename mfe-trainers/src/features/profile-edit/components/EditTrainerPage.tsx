import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { parseRouteId } from '@fitconnect/contracts/trainers';
import { Button, Card, CardBody, EmptyState, PageContainer, PageHeading, Spinner, apiErrorMessage, isApiError, useCurrentUser, useToast } from '@fitconnect/shared-ui';
import { showsError } from '@fitconnect/shared-ui/patterns';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { serverFieldErrors, type FieldErrors } from '../../../lib/zodErrors';
import { useTrainer } from '../../profile/api/get-trainer';
import { SaveStepError, useSaveProfile } from '../api/save-profile';
import { PROFILE_FIELDS, profileValuesFrom } from '../lib/profile-form';
import { TrainerProfileForm } from './TrainerProfileForm';

export function ProfileLoadProblem({ notFound }: { notFound: boolean }) {
  return (
    <PageContainer $narrow>
      <EmptyState
        headingAs="h1"
        title={notFound ? 'Profile not found' : 'Something went wrong'}
        description={notFound ? 'Your trainer profile could not be found.' : 'Failed to load your trainer profile.'}
        action={
          <Button as={Link} to="/trainers">
            Browse Trainers
          </Button>
        }
      />
    </PageContainer>
  );
}

/** /trainer-profile/:id/edit (SPEC §2, §6): the owner edits every field and the photo; others are turned away. */
export function EditTrainerPage() {
  useDocumentTitle('Edit Trainer Profile');
  const params = useParams();
  const id = parseRouteId(params.id);
  const query = useTrainer(id);
  const { user, isLoading: userLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const save = useSaveProfile();
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const refused = useRef(false);

  const trainer = query.data;
  const isOwner = !!trainer && !!user && user.id === trainer.userId;
  const notOwner = !!trainer && !userLoading && !isOwner;

  // SPEC §6: someone else's profile: 'Access denied', then its public page.
  useEffect(() => {
    if (!notOwner || refused.current || !trainer) return;
    refused.current = true;
    toast({ title: 'Access denied', description: 'You can only edit your own trainer profile', variant: 'destructive' });
    navigate(`/trainers/${trainer.id}`, { replace: true });
  }, [notOwner, trainer, toast, navigate]);

  if (id === null) return <ProfileLoadProblem notFound />;
  if (query.isPending || userLoading) return <Spinner label="Loading trainer profile" center />;
  if (showsError(query) || !trainer) return <ProfileLoadProblem notFound={isApiError(query.error, 404) || isApiError(query.error, 400)} />;
  if (!isOwner) return <Spinner label="Checking access" center />;

  return (
    <PageContainer $narrow>
      <PageHeading subtitle="What clients see on your public profile. Fields marked * are required.">Edit Trainer Profile</PageHeading>
      <Card>
        <CardBody>
          <TrainerProfileForm
            initial={profileValuesFrom(trainer)}
            firstName={trainer.user.firstName}
            lastName={trainer.user.lastName}
            currentPhoto={trainer.profileImage}
            submitLabel="Save Changes"
            pending={save.isPending}
            serverErrors={serverErrors}
            cancel={
              <Button as={Link} to={`/trainer-profile/${trainer.id}`} variant="secondary" size="lg">
                Cancel
              </Button>
            }
            onSubmit={(body, photo) => {
              setServerErrors(null);
              save.mutate(
                { id: trainer.id, body, photo },
                {
                  onSuccess: () => {
                    toast({ title: 'Profile updated', description: 'Your trainer profile has been saved.', variant: 'success' });
                    navigate(`/trainers/${trainer.id}`);
                  },
                  onError: (err) => {
                    if (err instanceof SaveStepError && err.step === 'photo') {
                      toast({ title: 'Upload failed', description: apiErrorMessage(err.cause, 'Failed to upload image'), variant: 'destructive' });
                      return;
                    }
                    const cause = err instanceof SaveStepError ? err.cause : err;
                    if (isApiError(cause, 400)) setServerErrors(serverFieldErrors((cause as { json: unknown }).json, PROFILE_FIELDS));
                    toast({ title: 'Error updating profile', description: 'There was an error updating your profile. Please try again.', variant: 'destructive' });
                  },
                },
              );
            }}
          />
        </CardBody>
      </Card>
    </PageContainer>
  );
}

export default EditTrainerPage;
