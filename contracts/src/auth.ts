import { z } from './zod';

// SPEC §5: one set of rules and messages for the forms and the server.

export const emailSchema = z.string().check(z.trim(), z.email('Please enter a valid email address'), z.maxLength(254));

export const LoginBody = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(64)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(200)),
});
export type LoginBody = z.infer<typeof LoginBody>;

const signupBase = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Username must be at least 3 characters'),
      z.maxLength(32, 'Username must be at most 32 characters'),
      z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, numbers, dots, dashes and underscores'),
    ),
  email: emailSchema,
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(60)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(60)),
  location: z._default(z.optional(z.string().check(z.trim(), z.maxLength(120))), ''),
  password: z.string().check(z.minLength(6, 'Password must be at least 6 characters'), z.maxLength(200)),
  confirmPassword: z.string().check(z.minLength(6, 'Please confirm your password'), z.maxLength(200)),
  isTrainer: z._default(z.optional(z.boolean()), false),
});

const passwordsMatch = (d: { password: string; confirmPassword: string }) => d.password === d.confirmPassword;
const passwordsMatchIssue = { message: "Passwords don't match", path: ['confirmPassword'] };

export const SignupBody = signupBase.check(
  z.refine(passwordsMatch, passwordsMatchIssue),
  z.refine((d) => !d.isTrainer || d.location.length > 0, {
    message: 'Location is required for trainers',
    path: ['location'],
  }),
);
export type SignupBody = z.infer<typeof SignupBody>;

/** The trainer sign-up form's account tab (SPEC §5): location required, terms accepted, optional socials. */
export const TrainerSignupAccount = z
  .extend(signupBase, {
    location: z.string().check(z.trim(), z.minLength(1, 'Location is required for trainers'), z.maxLength(120)),
    acceptTerms: z.literal(true, { message: 'You must accept the terms and conditions' }),
    instagramHandle: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    twitterHandle: z.optional(z.string().check(z.trim(), z.maxLength(60))),
    websiteUrl: z.optional(z.string().check(z.trim(), z.maxLength(300))),
  })
  .check(z.refine(passwordsMatch, passwordsMatchIssue));

export const ForgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  token: z.string().check(z.trim(), z.minLength(1, 'Invalid reset token. Please request a new password reset.'), z.maxLength(200)),
  newPassword: z.string().check(z.minLength(6, 'Password must be at least 6 characters long'), z.maxLength(200)),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The reset form has a confirmation field the API never sees. */
export const ResetPasswordForm = z
  .object({
    newPassword: ResetPasswordBody.shape.newPassword,
    confirmPassword: z.string(),
  })
  .check(z.refine((d) => d.newPassword === d.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }));

/** SPEC §5 (edit profile): the one message for a missing first name, last name or email. */
export const PROFILE_FIELDS_REQUIRED = 'First name, last name and email are required';
/** Changing the email address needs the current password (a stolen session cannot move the account). */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email address';
export const CURRENT_PASSWORD_WRONG = 'Your current password is incorrect';

export const UpdateProfileBody = z.object({
  firstName: z.string({ message: PROFILE_FIELDS_REQUIRED }).check(z.trim(), z.minLength(1, PROFILE_FIELDS_REQUIRED), z.maxLength(60)),
  lastName: z.string({ message: PROFILE_FIELDS_REQUIRED }).check(z.trim(), z.minLength(1, PROFILE_FIELDS_REQUIRED), z.maxLength(60)),
  email: z.pipe(z.string({ message: PROFILE_FIELDS_REQUIRED }).check(z.trim(), z.minLength(1, PROFILE_FIELDS_REQUIRED)), emailSchema),
  location: z._default(z.optional(z.string().check(z.trim(), z.maxLength(120))), ''),
  /** Required (by the server, which knows the stored address) only when the email changes. */
  currentPassword: z.optional(z.string().check(z.maxLength(200))),
});
/** Whether `email` is a different address from `currentEmail` (addresses compare case-insensitively). */
export const emailChanges = (currentEmail: string, email: string) => email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();
/** The edit-profile form's schema: as the API, plus the current password when the email changes. */
export const updateProfileFormFor = (currentEmail: string) =>
  UpdateProfileBody.check(
    z.superRefine((d, ctx) => {
      if (emailChanges(currentEmail, d.email) && !d.currentPassword) {
        ctx.addIssue({ code: 'custom', message: CURRENT_PASSWORD_REQUIRED, path: ['currentPassword'] });
      }
    }),
  );
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;
