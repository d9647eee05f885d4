import { Dumbbell } from 'lucide';
import { LineIcon, PageContainer } from '@fitconnect/shared-ui';
import { NotFoundView } from '@fitconnect/shared-ui/patterns';

/** Not found or load failure (SPEC §2, §8), in the site's one not-found design. */
export function WorkoutNotFound() {
  return (
    <PageContainer $narrow>
      <NotFoundView
        icon={<LineIcon icon={Dumbbell} size={32} strokeWidth={1.75} aria-hidden="true" focusable="false" />}
        title="Workout Not Found"
        description="The workout plan you're looking for doesn't exist or may have been deleted."
        action={{ to: '/ai-workout', label: 'Create a New Workout' }}
      />
    </PageContainer>
  );
}
