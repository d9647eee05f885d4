// The trainers area's /profile dashboard card, "My Sessions" (exposed as ./dashboardWidget; the shell loads it on
// /profile without the routes module).
import { SessionsDashboardWidget } from './features/bookings/components/SessionsDashboardWidget';

export default SessionsDashboardWidget;
