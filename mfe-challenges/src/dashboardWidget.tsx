// The challenges area's /profile dashboard card (exposed as ./dashboardWidget; the shell loads it on
// /profile without loading the routes module).
import { ChallengesDashboardWidget } from './features/challenges/components/ChallengesDashboardWidget';

export default ChallengesDashboardWidget;
