import { TrainerSignupAccount } from '@fitconnect/contracts/auth';
import { apiErrorMessage } from '@fitconnect/shared-ui';
import { fieldErrors, type FieldErrors } from '../../../lib/zodErrors';

export const SIGNUP_TABS = ['account', 'profile', 'terms'] as const;
export type SignupTab = (typeof SIGNUP_TABS)[number];

export interface AccountValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  location: string;
  password: string;
  confirmPassword: string;
}
export type AccountField = keyof AccountValues;

export const ACCOUNT_FIELDS: AccountField[] = ['username', 'email', 'firstName', 'lastName', 'location', 'password', 'confirmPassword'];

export const EMPTY_ACCOUNT: AccountValues = {
  username: '',
  email: '',
  firstName: '',
  lastName: '',
  location: '',
  password: '',
  confirmPassword: '',
};

/**
 * The account tab through the contract's TrainerSignupAccount (SPEC §5: location required for trainers,
 * passwords match). Terms are the last tab's business, so they are taken as accepted here.
 */
export function checkAccount(v: AccountValues): FieldErrors<AccountField> {
  const r = TrainerSignupAccount.safeParse({ ...v, acceptTerms: true, isTrainer: true });
  if (r.success) return {};
  const all = fieldErrors<string>(r.error.issues);
  return Object.fromEntries(Object.entries(all).filter(([k]) => (ACCOUNT_FIELDS as string[]).includes(k))) as FieldErrors<AccountField>;
}

/** The terms tab: acceptTerms must be true ('You must accept the terms and conditions'). */
export function checkTerms(acceptTerms: boolean): string | null {
  const r = TrainerSignupAccount.shape.acceptTerms.safeParse(acceptTerms);
  return r.success ? null : (r.error.issues[0]?.message ?? 'You must accept the terms and conditions');
}

/** SPEC §8 'Registration failed' text: the username or email clash when the server names it, else a generic line. */
export function registrationErrorText(err: unknown): string {
  const raw = apiErrorMessage(err, err instanceof Error ? err.message : '');
  if (raw.includes('Username already exists')) return 'Username already exists';
  if (raw.includes('Email already exists')) return 'Email already exists';
  return 'An error occurred during registration';
}

export const INCOMPLETE_MESSAGE: Record<Exclude<SignupTab, 'terms'>, string> = {
  account: 'Please complete account information',
  profile: 'Please complete profile information',
};
