import { PageContainer } from '@fitconnect/shared-ui';
import { NotFoundView } from '@fitconnect/shared-ui/patterns';
import { UsersIcon } from '../../../lib/icons';

/** SPEC §2: a missing trainer (or a failed load) shows 'Trainer Not Found' with a way back to /trainers. */
export function TrainerNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <PageContainer $narrow>
      <NotFoundView
        icon={<UsersIcon size={32} />}
        title="Trainer Not Found"
        description={
          failed
            ? 'This trainer profile could not be loaded. Please try again in a moment.'
            : "The trainer you're looking for doesn't exist or is no longer listed."
        }
        action={{ to: '/trainers', label: 'Browse Trainers' }}
      />
    </PageContainer>
  );
}
