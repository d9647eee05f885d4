import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, CardBody, toast, useCurrentUser, visuallyHidden } from '@fitconnect/shared-ui';
import { Checkbox, Select, TextArea, TextField } from '@fitconnect/shared-ui/forms';
import {
  FEEDBACK_FAILED_MESSAGE,
  FEEDBACK_INTEREST_LABELS,
  FEEDBACK_INTERESTS,
  FEEDBACK_THANK_YOU_MS,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  FeedbackBody,
  type FeedbackInterest,
  type FeedbackType,
} from '@fitconnect/contracts/community';
import { useSendFeedback } from '../api/send-feedback';

const Title = styled.h2`
  margin: 0 0 4px;
  &:focus {
    outline: none;
  }
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.space.md};
  margin: 0;
  min-width: 0;
  legend {
    padding: 0 6px;
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const InnerFieldset = styled(Fieldset)`
  margin-top: 12px;
`;

const Interests = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const LiveRegion = styled.p`
  ${visuallyHidden}
`;

const Thanks = styled.div`
  text-align: center;
  padding: ${({ theme }) => `${theme.space.xxl} ${theme.space.md}`};
  h2 {
    margin: ${({ theme }) => `${theme.space.sm} 0`};
    color: ${({ theme }) => theme.colors.success};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Check = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.successBg};
  color: ${({ theme }) => theme.colors.success};
  border: 2px solid ${({ theme }) => theme.colors.success};
`;

interface Draft {
  type: FeedbackType;
  content: string;
  email: string;
  joinCommunity: boolean;
  interests: FeedbackInterest[];
}
const EMPTY: Draft = { type: 'feature', content: '', email: '', joinCommunity: false, interests: [] };
type Errors = Partial<Record<keyof Draft, string>>;

function validate(d: Draft) {
  const r = FeedbackBody.safeParse(d);
  if (r.success) return { ok: true as const, body: r.data };
  const errors: Errors = {};
  for (const i of r.error.issues) {
    const k = i.path[0] as keyof Draft;
    if (k && !errors[k]) errors[k] = i.message;
  }
  return { ok: false as const, errors };
}

/**
 * The feedback and community card (SPEC §2/§3): feedback form, then a thank-you view that goes back to an
 * empty form after 2 seconds (SPEC §4/§9).
 */
export function FeedbackCard() {
  const { user } = useCurrentUser();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const [thanked, setThanked] = useState(false);
  const thanksRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const wasThanked = useRef(false);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const send = useSendFeedback({
    onSuccess: () => {
      setDraft(EMPTY);
      setErrors({});
      setTried(false);
      setThanked(true);
    },
    onError: () => toast({ title: 'Error', description: FEEDBACK_FAILED_MESSAGE, variant: 'destructive' }),
  });

  // Focus follows the view: onto the thank-you message, then back to the form's title when it resets
  // (otherwise it would drop to the page body when the focused view disappears).
  useEffect(() => {
    if (!thanked) {
      if (wasThanked.current) titleRef.current?.focus({ preventScroll: true });
      wasThanked.current = false;
      return;
    }
    wasThanked.current = true;
    // The form may be scrolled far above after a long message: bring the thank-you into view.
    thanksRef.current?.scrollIntoView?.({ block: 'nearest' });
    thanksRef.current?.focus({ preventScroll: true });
    const t = setTimeout(() => setThanked(false), FEEDBACK_THANK_YOU_MS);
    return () => clearTimeout(t);
  }, [thanked]);

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (tried) {
      const v = validate(next);
      setErrors(v.ok ? {} : v.errors);
    }
  };

  const toggleInterest = (i: FeedbackInterest, on: boolean) =>
    update('interests', on ? [...draft.interests, i] : draft.interests.filter((x) => x !== i));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const v = validate(draft);
    if (!v.ok) {
      setErrors(v.errors);
      if (v.errors.content) contentRef.current?.focus();
      else if (v.errors.email) emailRef.current?.focus();
      return;
    }
    send.mutate({ ...v.body, userId: user?.id ?? null, isTrainer: user?.isTrainer ?? false });
  };

  return (
    <Card data-testid="feedback-card">
      <CardBody>
        {/* Always mounted, so screen readers announce the text when it appears (a live region inserted
            together with its text is often not read). */}
        <LiveRegion role="status" data-testid="feedback-announcer">
          {thanked ? 'Thank You! Your feedback has been received.' : ''}
        </LiveRegion>
        {thanked ? (
          <Thanks ref={thanksRef} tabIndex={-1} data-testid="feedback-thanks">
            <Check aria-hidden="true">
              <svg width="28" height="28" viewBox="0 0 24 24" focusable="false">
                <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Check>
            <h2>Thank You!</h2>
            <p>Your feedback has been received. It helps us make FitConnect better for everyone.</p>
          </Thanks>
        ) : (
          <>
            <Title ref={titleRef} tabIndex={-1}>
              Feedback &amp; Community
            </Title>
            <Lead>Tell us what to build next, what to improve or what is broken, and join the community if you like.</Lead>
            <Form onSubmit={submit} noValidate aria-label="Send feedback">
              <Select
                label="Feedback type"
                value={draft.type}
                options={FEEDBACK_TYPES.map((t) => ({ value: t, label: FEEDBACK_TYPE_LABELS[t] }))}
                onChange={(e) => update('type', e.target.value as FeedbackType)}
                error={errors.type}
                disabled={send.isPending}
              />
              <TextArea
                ref={contentRef}
                label="Your feedback"
                value={draft.content}
                rows={5}
                maxLength={5000}
                placeholder="Share your ideas, suggestions or the problem you ran into"
                onChange={(e) => update('content', e.target.value)}
                error={errors.content}
                required
                disabled={send.isPending}
              />
              <TextField
                ref={emailRef}
                label="Email (optional)"
                type="email"
                autoComplete="email"
                value={draft.email}
                placeholder="you@example.com"
                hint="Only if you would like us to reply."
                onChange={(e) => update('email', e.target.value)}
                error={errors.email}
                disabled={send.isPending}
              />
              <Fieldset>
                <legend>Community</legend>
                <Checkbox
                  label="I'd like to join the FitConnect community"
                  checked={draft.joinCommunity}
                  onChange={(e) => update('joinCommunity', e.target.checked)}
                  disabled={send.isPending}
                />
                <InnerFieldset>
                  <legend>Interests</legend>
                  <Interests>
                    {FEEDBACK_INTERESTS.map((i) => (
                      <Checkbox
                        key={i}
                        label={FEEDBACK_INTEREST_LABELS[i]}
                        value={i}
                        checked={draft.interests.includes(i)}
                        onChange={(e) => toggleInterest(i, e.target.checked)}
                        disabled={send.isPending}
                      />
                    ))}
                  </Interests>
                </InnerFieldset>
              </Fieldset>
              <div>
                <Button type="submit" loading={send.isPending}>
                  Submit Feedback
                </Button>
              </div>
            </Form>
          </>
        )}
      </CardBody>
    </Card>
  );
}
