import { Link } from 'react-router-dom';
import { Button, EmptyState, PageContainer } from '@fitconnect/shared-ui';
import { DumbbellIcon } from '../../../lib/icons';

/** Not found or load failure (SPEC §2, §8). */
export function WorkoutNotFound() {
  return (
    <PageContainer $narrow>
      <EmptyState
        icon={<DumbbellIcon />}
        headingAs="h1"
        title="Workout Not Found"
        description="The workout plan you're looking for doesn't exist or may have been deleted."
        action={
          <Button as={Link} to="/ai-workout">
            Create a New Workout
          </Button>
        }
      />
    </PageContainer>
  );
}
