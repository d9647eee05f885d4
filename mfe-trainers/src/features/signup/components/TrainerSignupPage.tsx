import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  Card,
  CardBody,
  EmptyState,
  PageContainer,
  PageHeading,
  isApiError,
  useCurrentUser,
  useSignup,
  useToast,
} from '@fitconnect/shared-ui';
import { Checkbox, TextField } from '@fitconnect/shared-ui/forms';
import { TabPanel, Tabs, tabPanelId } from '@fitconnect/shared-ui/widgets';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { serverFieldErrors, type FieldErrors } from '../../../lib/zodErrors';
import { createTrainerProfile } from '../../profile-edit/api/create-trainer-profile';
import { TrainerProfileFields, type FieldRefs } from '../../profile-edit/components/TrainerProfileFields';
import type { FinishProfileState } from '../../profile-edit/components/MyTrainerProfilePage';
import { checkProfile, EMPTY_PROFILE, PROFILE_FIELDS, type ProfileField, type ProfileFormValues } from '../../profile-edit/lib/profile-form';
import {
  ACCOUNT_FIELDS,
  EMPTY_ACCOUNT,
  INCOMPLETE_MESSAGE,
  SIGNUP_TABS,
  checkAccount,
  checkTerms,
  registrationErrorText,
  type AccountField,
  type AccountValues,
  type SignupTab,
} from '../lib/signup-form';
import { useQueryClient } from '@tanstack/react-query';
import { MY_TRAINER_KEY } from '../../profile/api/get-my-trainer';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Wide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.lg};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Nav = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex-direction: column-reverse;
    & > * {
      width: 100%;
    }
  }
`;

const Terms = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  line-height: 1.7;
`;

const Foot = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/* Three tabs fit a 360 px screen. */
const StepTabs = styled(Tabs)`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    & > button {
      padding: 6px 4px;
      min-width: 0;
      font-size: ${({ theme }) => theme.fontSizes.sm};
    }
  }
`;

const TAB_LABELS: Record<SignupTab, string> = { account: '1. Account', profile: '2. Profile', terms: '3. Terms' };
const ID_PREFIX = 'trainer-signup';

/**
 * /trainer-signup (SPEC §2, §4, §5, §8): account, profile and terms tabs. Forward is blocked until the
 * current tab validates, back is free, and only the terms tab submits. The account is created first, then
 * the profile with a second call; if that one fails the trainer is signed in and finishes it at /trainer-profile.
 */
export function TrainerSignupPage() {
  useDocumentTitle('Join as a Trainer');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { toast } = useToast();
  const { user, isSignedIn } = useCurrentUser();
  const signup = useSignup();
  const [tab, setTab] = useState<SignupTab>('account');
  const [account, setAccount] = useState<AccountValues>(EMPTY_ACCOUNT);
  const [profile, setProfile] = useState<ProfileFormValues>(EMPTY_PROFILE);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [accountErrors, setAccountErrors] = useState<FieldErrors<AccountField>>({});
  const [profileErrors, setProfileErrors] = useState<FieldErrors>({});
  const [termsError, setTermsError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<SignupTab, boolean>>({ account: false, profile: false, terms: false });
  const [creatingProfile, setCreatingProfile] = useState(false);
  const accountRefs = useRef<Partial<Record<AccountField, HTMLInputElement | null>>>({});
  const profileRefs: FieldRefs = useRef({});
  const termsRef = useRef<HTMLInputElement>(null);

  const busy = signup.isPending || creatingProfile;

  if (isSignedIn && !signup.isPending && !signup.isSuccess) {
    return (
      <PageContainer $narrow>
        <EmptyState
          headingAs="h1"
          title="You're already signed in"
          description={user?.isTrainer ? 'Your trainer account is ready.' : 'Trainer accounts are separate: sign out first to join as a trainer with a new account.'}
          action={
            <Button as={Link} to={user?.isTrainer ? '/trainer-profile' : '/profile'}>
              {user?.isTrainer ? 'Go to your trainer profile' : 'Go to your profile'}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const profileCheck = (v: ProfileFormValues) => checkProfile({ ...v, location: '' });

  /** Validate one tab, show its errors; true when it may be left forward. */
  const validateTab = (t: SignupTab, focus: boolean): boolean => {
    setChecked((c) => ({ ...c, [t]: true }));
    if (t === 'account') {
      const errs = checkAccount(account);
      setAccountErrors(errs);
      const first = ACCOUNT_FIELDS.find((f) => errs[f] !== undefined);
      if (first && focus) accountRefs.current[first]?.focus();
      return !first;
    }
    if (t === 'profile') {
      const r = profileCheck(profile);
      setProfileErrors(r.ok ? {} : r.errors);
      if (!r.ok && focus) {
        const first = PROFILE_FIELDS.find((f) => r.errors[f] !== undefined);
        if (first) profileRefs.current?.[first]?.focus();
      }
      return r.ok;
    }
    const err = checkTerms(acceptTerms);
    setTermsError(err);
    if (err && focus) termsRef.current?.focus();
    return !err;
  };

  /** SPEC §4: back is free; forward only through tabs that validate. */
  const goTo = (target: SignupTab) => {
    const from = SIGNUP_TABS.indexOf(tab);
    const to = SIGNUP_TABS.indexOf(target);
    if (to <= from) {
      setTab(target);
      return;
    }
    for (let i = from; i < to; i++) {
      const t = SIGNUP_TABS[i] as Exclude<SignupTab, 'terms'>;
      if (!validateTab(t, false)) {
        setTab(t);
        toast({ title: INCOMPLETE_MESSAGE[t], description: 'Fix the highlighted fields to continue.', variant: 'destructive' });
        // Focus the first invalid field of the tab once it is shown.
        requestAnimationFrame(() => validateTab(t, true));
        return;
      }
    }
    setTab(target);
    requestAnimationFrame(() => document.getElementById(tabPanelId(ID_PREFIX, target))?.focus());
  };

  const next = () => goTo(SIGNUP_TABS[Math.min(SIGNUP_TABS.length - 1, SIGNUP_TABS.indexOf(tab) + 1)]);
  const back = () => goTo(SIGNUP_TABS[Math.max(0, SIGNUP_TABS.indexOf(tab) - 1)]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Enter on an earlier tab moves forward; only the terms tab submits.
    if (tab !== 'terms') {
      next();
      return;
    }
    for (const t of ['account', 'profile'] as const) {
      if (!validateTab(t, false)) {
        setTab(t);
        toast({ title: INCOMPLETE_MESSAGE[t], description: 'Fix the highlighted fields to continue.', variant: 'destructive' });
        return;
      }
    }
    if (!validateTab('terms', true)) return;
    const r = profileCheck(profile);
    if (!r.ok) return;
    const profileBody = { ...r.data, location: account.location.trim() };

    try {
      await signup.mutateAsync({ ...account, isTrainer: true });
    } catch (err) {
      const fieldErrs = isApiError(err, 400) || isApiError(err, 409) ? serverFieldErrors(err.json, ACCOUNT_FIELDS) : null;
      if (fieldErrs) {
        setAccountErrors(fieldErrs);
        setTab('account');
      }
      toast({ title: 'Registration failed', description: registrationErrorText(err), variant: 'destructive' });
      return;
    }

    // Signed in from here on. The profile is a second call; if it fails, nothing is lost.
    setCreatingProfile(true);
    try {
      const trainer = await createTrainerProfile(profileBody);
      qc.setQueryData(MY_TRAINER_KEY, trainer);
      toast({ title: 'Welcome to FitConnect!', description: 'Your trainer account and profile are ready.', variant: 'success' });
      navigate(`/trainers/${trainer.id}`, { replace: true });
    } catch {
      toast({
        title: 'Trainer profile not saved',
        description: 'Your account was created and you are signed in. Finish your trainer profile below to appear in the directory.',
        variant: 'destructive',
      });
      const state: FinishProfileState = { draft: { ...profile, location: account.location } };
      navigate('/trainer-profile', { replace: true, state });
    } finally {
      setCreatingProfile(false);
    }
  };

  const setAccountField = (name: AccountField, value: string) => {
    setAccount((prev) => {
      const nextValues = { ...prev, [name]: value };
      if (checked.account) setAccountErrors(checkAccount(nextValues));
      return nextValues;
    });
  };
  const accountField = (name: AccountField) => ({
    name,
    value: account[name],
    error: accountErrors[name],
    disabled: busy,
    onChange: (e: { target: { value: string } }) => setAccountField(name, e.target.value),
    ref: (el: HTMLInputElement | null) => {
      accountRefs.current[name] = el;
    },
  });

  const onProfileChange = <K extends ProfileField>(name: K, value: ProfileFormValues[K]) => {
    setProfile((prev) => {
      const nextValues = { ...prev, [name]: value };
      if (checked.profile) {
        const r = profileCheck(nextValues);
        setProfileErrors(r.ok ? {} : r.errors);
      }
      return nextValues;
    });
  };

  return (
    <PageContainer $narrow>
      <PageHeading subtitle="Join free: no subscription fees. Set your own schedule and rates, and get found by clients near you.">
        Join FitConnect as a Trainer
      </PageHeading>
      <Card>
        <CardBody>
          <StepTabs
            tabs={SIGNUP_TABS.map((t) => ({ id: t, label: TAB_LABELS[t] }))}
            value={tab}
            onChange={(id) => goTo(id as SignupTab)}
            aria-label="Trainer sign-up steps"
            idPrefix={ID_PREFIX}
            fullWidth
          />
          <form onSubmit={submit} noValidate aria-label="Trainer sign-up">
            <TabPanel id="account" value={tab} idPrefix={ID_PREFIX}>
              <Panel>
                <div>
                  <h2>Your account</h2>
                  <Lead>How you sign in, and where you train.</Lead>
                </div>
                <Grid>
                  <TextField label="First name" required autoComplete="given-name" maxLength={60} {...accountField('firstName')} />
                  <TextField label="Last name" required autoComplete="family-name" maxLength={60} {...accountField('lastName')} />
                  <TextField label="Username" required autoComplete="username" maxLength={32} {...accountField('username')} />
                  <TextField label="Email" required type="email" autoComplete="email" maxLength={254} {...accountField('email')} />
                  <Wide>
                    <TextField
                      label="Location"
                      required
                      autoComplete="postal-code"
                      maxLength={120}
                      placeholder="e.g. Leeds, LS6 2AB"
                      hint="Your postcode or town: clients searching nearby see how far away you are."
                      {...accountField('location')}
                    />
                  </Wide>
                  <TextField label="Password" required type="password" autoComplete="new-password" maxLength={200} {...accountField('password')} />
                  <TextField label="Confirm password" required type="password" autoComplete="new-password" maxLength={200} {...accountField('confirmPassword')} />
                </Grid>
                <Nav>
                  <span />
                  <Button type="button" onClick={next} size="lg">
                    Next: Profile
                  </Button>
                </Nav>
              </Panel>
            </TabPanel>

            <TabPanel id="profile" value={tab} idPrefix={ID_PREFIX}>
              <Panel>
                <div>
                  <h2>Your trainer profile</h2>
                  <Lead>What clients see. You can change all of it later, and add a photo.</Lead>
                </div>
                <TrainerProfileFields values={profile} errors={profileErrors} onChange={onProfileChange} fieldRefs={profileRefs} disabled={busy} showLocation={false} />
                <Nav>
                  <Button type="button" variant="secondary" onClick={back} size="lg">
                    Back
                  </Button>
                  <Button type="button" onClick={next} size="lg">
                    Next: Terms
                  </Button>
                </Nav>
              </Panel>
            </TabPanel>

            <TabPanel id="terms" value={tab} idPrefix={ID_PREFIX}>
              <Panel>
                <div>
                  <h2>Terms</h2>
                  <Lead>The short version of what you agree to.</Lead>
                </div>
                <Terms>
                  <li>Trainer membership is free: no subscription fees.</li>
                  <li>You set your own schedule and rates, and arrange sessions directly with clients.</li>
                  <li>Your profile, qualifications and prices are accurate, and you keep them up to date.</li>
                  <li>Reviews come from clients; you cannot review your own profile.</li>
                  <li>
                    We handle your data as the <Link to="/privacy-policy">privacy policy</Link> describes.
                  </li>
                </Terms>
                <Checkbox
                  ref={termsRef}
                  label="I accept the terms and conditions"
                  name="acceptTerms"
                  checked={acceptTerms}
                  disabled={busy}
                  error={termsError ?? undefined}
                  onChange={(e) => {
                    setAcceptTerms(e.target.checked);
                    if (checked.terms) setTermsError(checkTerms(e.target.checked));
                  }}
                />
                <Nav>
                  <Button type="button" variant="secondary" onClick={back} size="lg" disabled={busy}>
                    Back
                  </Button>
                  <Button type="submit" size="lg" loading={busy}>
                    Create Trainer Account
                  </Button>
                </Nav>
              </Panel>
            </TabPanel>
          </form>
        </CardBody>
      </Card>
      <Foot>
        Already have an account? <Link to="/signin">Sign in</Link>
      </Foot>
    </PageContainer>
  );
}

export default TrainerSignupPage;
