// @fitconnect/shared-ui: design system, API client, query defaults, auth hooks and the
// shell<->remote contract. A Module Federation singleton: shell and remotes share one copy.

export * from './federation';

// Theme
export { lightTheme, darkTheme, themes, media } from './theme';
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
export { Dialog, ConfirmDialog } from './components/Dialog';
export type { DialogProps, ConfirmDialogProps, DialogSize } from './components/Dialog';
export { Toaster, useToast, toast, useToastStore, TOAST_LIMIT } from './components/Toast';
export type { ToastInput, ToastItem, ToastVariant } from './components/Toast';
export { Tabs, TabPanel, tabId, tabPanelId } from './components/Tabs';
export type { TabsProps, TabItem, TabPanelProps } from './components/Tabs';
export { FormField, TextField, TextArea, Select, Checkbox, Input, Label, FieldError } from './components/Form';
export type {
  FormFieldProps,
  FieldControlProps,
  TextFieldProps,
  TextAreaProps,
  SelectProps,
  SelectOption,
  CheckboxProps,
} from './components/Form';
export { Spinner } from './components/Spinner';
export { lazyPage } from './components/LazyPage';
export type { SpinnerProps, SpinnerSize } from './components/Spinner';
export { StarRating, StarRatingInput, starFills } from './components/StarRating';
export type { StarRatingProps, StarRatingInputProps, StarFill, StarSize } from './components/StarRating';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export { PageContainer, PageHeading, Grid, Stack, Row } from './components/Layout';
export type { PageHeadingProps } from './components/Layout';
export { focusRing, visuallyHidden } from './components/focus';

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
export { StandaloneArea } from './StandaloneArea';
export { AreaRoutes } from './AreaRoutes';
