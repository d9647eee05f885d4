/** The shell's navigation: which links exist for whom, and which one is "current". Pure, unit-tested. */

export interface NavLinkDef {
  to: string;
  label: string;
  /** Paths that count as this link's section (besides `to` itself). */
  matches?: readonly string[];
}

/**
 * Is `pathname` inside the section of the link `to`? '/' only matches itself; other links match
 * themselves and their sub-paths. SPEC §2: any path starting with /trainers highlights Trainers.
 */
export function isNavActive(link: Pick<NavLinkDef, 'to' | 'matches'>, pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0] || '/';
  if (link.to === '/') return path === '/';
  if (link.to === '/trainers' && path.startsWith('/trainers')) return true;
  const prefixes = [link.to, ...(link.matches ?? [])];
  return prefixes.some((p) => path === p || path.startsWith(p + '/'));
}

const HOME: NavLinkDef = { to: '/', label: 'Home' };
const AI: NavLinkDef = { to: '/ai-workout', label: 'AI Workouts', matches: ['/workout-plan', '/workouts', '/my-training'] };
const TRAINERS: NavLinkDef = { to: '/trainers', label: 'Trainers' };
const TUTORIALS: NavLinkDef = { to: '/exercise-tutorials', label: 'Exercise Tutorials' };
const CHALLENGES: NavLinkDef = { to: '/challenges', label: 'Challenges' };
const COMMUNITY: NavLinkDef = { to: '/community', label: 'Community' };
const MESSAGES: NavLinkDef = { to: '/messages', label: 'Messages' };
const PROFILE: NavLinkDef = { to: '/profile', label: 'Profile', matches: ['/edit-profile'] };
const SIGN_IN: NavLinkDef = { to: '/signin', label: 'Sign In', matches: ['/signup', '/forgot-password', '/reset-password'] };

/** Top bar (and small-screen menu) links: Messages and Profile only when signed in. */
export function topBarLinks(signedIn: boolean): NavLinkDef[] {
  return [HOME, AI, TRAINERS, TUTORIALS, CHALLENGES, COMMUNITY, ...(signedIn ? [MESSAGES, PROFILE] : [])];
}

/** Bottom tab bar (small screens): then Messages and Profile when signed in, or Sign In. */
export function bottomTabs(signedIn: boolean): NavLinkDef[] {
  return [HOME, AI, { ...TUTORIALS, label: 'Tutorials' }, TRAINERS, COMMUNITY, ...(signedIn ? [MESSAGES, PROFILE] : [SIGN_IN])];
}
