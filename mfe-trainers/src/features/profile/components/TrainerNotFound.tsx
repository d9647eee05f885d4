import { Link } from 'react-router-dom';
import { Button, EmptyState, PageContainer } from '@fitconnect/shared-ui';
import { UsersIcon } from '../../../lib/icons';

/** SPEC §2: a missing trainer (or a failed load) shows 'Trainer Not Found' with a way back to /trainers. */
export function TrainerNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <PageContainer $narrow>
      <EmptyState
        headingAs="h1"
        icon={<UsersIcon size={48} />}
        title="Trainer Not Found"
        description={
          failed
            ? 'This trainer profile could not be loaded. Please try again in a moment.'
            : "The trainer you're looking for doesn't exist or is no longer listed."
        }
        action={
          <Button as={Link} to="/trainers">
            Browse Trainers
          </Button>
        }
      />
    </PageContainer>
  );
}
