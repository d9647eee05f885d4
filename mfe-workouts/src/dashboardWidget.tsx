// The workouts area's /profile dashboard card, "My Training" (exposed as ./dashboardWidget; the shell loads it on
// /profile without the routes module).
import { TrainingDashboardWidget } from './features/history/components/TrainingDashboardWidget';

export default TrainingDashboardWidget;
