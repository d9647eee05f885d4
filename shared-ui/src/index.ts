// @fitconnect/shared-ui: design system, API client, query defaults, auth hooks and the
// shell<->remote contract. A Module Federation singleton: shell and remotes share one copy.
// The shell provides it in its entry chunk, so all of it is on every page's landing path: the larger
// widgets that the landing page does not use are singletons of their own, loaded with the first page that
// uses one: '@fitconnect/shared-ui/forms' (form fields, ./forms.ts) and '@fitconnect/shared-ui/widgets'
// (dialogs and tabs, ./widgets.ts). A remote's own page imports '@fitconnect/shared-ui/standalone'.

export * from './federation';

// Theme
export { lightTheme, darkTheme, themes, media } from './theme';
export { cssVarTheme, themeDeclarations } from './theme';
export type { AppTheme, ThemeColors } from './theme';
export { useThemeStore, initialThemeMode, THEME_STORAGE_KEY } from './themeStore';
export type { ThemeMode, ThemeState } from './themeStore';
export { AppThemeProvider, GlobalStyle, useAppTheme } from './ThemeProvider';

// Components
export { Button, IconButton } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export { Card, CardHeader, CardTitle, CardDescription, CardBody, CardFooter } from './components/Card';
export { Badge } from './components/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge';
export { Banner } from './components/Banner';
export type { BannerProps, BannerTone } from './components/Banner';
export { Toaster, useToast, toast, useToastStore, TOAST_LIMIT } from './components/Toast';
export type { ToastInput, ToastItem, ToastVariant } from './components/Toast';
// Form fields are in '@fitconnect/shared-ui/forms' (./forms.ts), dialogs and tabs in
// '@fitconnect/shared-ui/widgets' (./widgets.ts), not here.
export { Spinner } from './components/Spinner';
export { lazyPage, preloadablePage, type PreloadablePage } from './components/LazyPage';
export type { SpinnerProps, SpinnerSize } from './components/Spinner';
export { StarRating, StarRatingInput, starFills } from './components/StarRating';
export type { StarRatingProps, StarRatingInputProps, StarFill, StarSize } from './components/StarRating';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export { PageContainer, PageHeading, PageHeading as PageHeader, Grid, Stack, Row } from './components/Layout';
export type { PageHeadingProps } from './components/Layout';
export { focusRing, visuallyHidden } from './components/focus';
export { afterNextPaint } from './afterNextPaint';
export { alwaysUnlessJustHydrated, noteHydratedQueries, SSR_FRESH_MS } from './hydration';
export { LineIcon } from './components/LineIcon';
export type { LineIconProps, IconNode } from './components/LineIcon';

// API client (SPEC §7, §8) and query defaults (SPEC §4)
export { apiRequest, ApiError, getQueryFn, createQueryClient, apiErrorMessage, isApiError } from './api';
export type { HttpMethod, UnauthorizedBehavior } from './api';

// Auth (SPEC §4)
export {
  currentUserQueryOptions,
  useCurrentUser,
  useCurrentUserRefresh,
  useLogin,
  useSignup,
  useLogout,
  useSignOutAndLeave,
  useUpdateProfile,
  RequireAuth,
  signInPath,
  CURRENT_USER_KEY,
  CLICK_REFETCH_THROTTLE_MS,
} from './auth';
export type { CurrentUserState } from './auth';

export { AppProviders } from './AppProviders';
export type { AppProvidersProps } from './AppProviders';
export { AreaRoutes } from './AreaRoutes';
