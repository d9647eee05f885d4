import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, StarRatingInput } from '@fitconnect/shared-ui';
import { Checkbox, FieldError, Label, Select, TextArea, TextField } from '@fitconnect/shared-ui/forms';
import {
  COMMUNITY_REVIEW_CATEGORIES,
  COMMUNITY_REVIEW_CATEGORY_LABELS,
  CreateCommunityReviewBody,
  type CommunityReviewCategory,
} from '@fitconnect/contracts/community';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

interface Draft {
  rating: number;
  category: CommunityReviewCategory | '';
  title: string;
  comment: string;
  isAnonymous: boolean;
}

const EMPTY: Draft = { rating: 0, category: '', title: '', comment: '', isAnonymous: false };
type Errors = Partial<Record<keyof Draft, string>>;

/** The schema names the API's field ('Comment ...'); the form calls it 'Your review', so the message does too. */
const FIELD_WORDING: Partial<Record<keyof Draft, [from: string, to: string]>> = { comment: ['Comment ', 'Your review '] };

function validate(d: Draft): { ok: true; body: CreateCommunityReviewBody } | { ok: false; errors: Errors } {
  const r = CreateCommunityReviewBody.safeParse(d);
  if (r.success) return { ok: true, body: r.data };
  const errors: Errors = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] as keyof Draft;
    if (!key || errors[key]) continue;
    const wording = FIELD_WORDING[key];
    errors[key] = wording && issue.message.startsWith(wording[0]) ? wording[1] + issue.message.slice(wording[0].length) : issue.message;
  }
  return { ok: false, errors };
}

export interface ReviewFormProps {
  onSubmit: (body: CreateCommunityReviewBody) => void;
  onCancel: () => void;
  pending?: boolean;
  /** Preselected category (the current filter, when it is one). */
  initialCategory?: CommunityReviewCategory;
}

/** The community review form (SPEC §5): validated with the same schema the server uses. */
export function ReviewForm({ onSubmit, onCancel, pending = false, initialCategory }: ReviewFormProps) {
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, category: initialCategory ?? '' });
  const [errors, setErrors] = useState<Errors>({});
  const [tried, setTried] = useState(false);
  const ratingLabelId = useId();
  const ratingErrorId = useId();

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (tried) {
      const v = validate(next);
      setErrors(v.ok ? {} : v.errors);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const v = validate(draft);
    if (!v.ok) {
      setErrors(v.errors);
      const first = (['rating', 'category', 'title', 'comment'] as const).find((k) => v.errors[k]);
      const el = first ? document.querySelector<HTMLElement>(`[data-review-field="${first}"]`) : null;
      (el?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]') ?? el)?.focus();
      return;
    }
    onSubmit(v.body);
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Write a community review">
      <div data-review-field="rating">
        <Label as="span" id={ratingLabelId}>
          Rating
        </Label>
        <div style={{ marginTop: 6 }}>
          <StarRatingInput
            value={draft.rating}
            onChange={(v) => update('rating', v)}
            label="Rating"
            aria-describedby={errors.rating ? ratingErrorId : undefined}
            aria-invalid={!!errors.rating}
            disabled={pending}
          />
        </div>
        {errors.rating && (
          <FieldError id={ratingErrorId} role="alert">
            {errors.rating}
          </FieldError>
        )}
      </div>
      <Select
        label="Category"
        data-review-field="category"
        value={draft.category}
        placeholder="Select a category"
        options={COMMUNITY_REVIEW_CATEGORIES.map((c) => ({ value: c, label: COMMUNITY_REVIEW_CATEGORY_LABELS[c] }))}
        onChange={(e) => update('category', e.target.value as Draft['category'])}
        error={errors.category}
        required
        disabled={pending}
      />
      <TextField
        label="Title"
        data-review-field="title"
        value={draft.title}
        maxLength={100}
        placeholder="Sum up your experience"
        onChange={(e) => update('title', e.target.value)}
        error={errors.title}
        hint="5 to 100 characters"
        required
        disabled={pending}
      />
      <TextArea
        label="Your review"
        data-review-field="comment"
        value={draft.comment}
        maxLength={1000}
        rows={5}
        placeholder="What did you like? What could be better?"
        onChange={(e) => update('comment', e.target.value)}
        error={errors.comment}
        hint={`${draft.comment.trim().length}/1000 characters (at least 10)`}
        required
        disabled={pending}
      />
      <Checkbox
        label="Post anonymously"
        hint="Your name is not shown to anyone; the review says 'Anonymous User'."
        checked={draft.isAnonymous}
        onChange={(e) => update('isAnonymous', e.target.checked)}
        disabled={pending}
      />
      <Buttons>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Submit Review
        </Button>
      </Buttons>
    </Form>
  );
}
