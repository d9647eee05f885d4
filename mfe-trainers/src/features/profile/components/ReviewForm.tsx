import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TrainerReviewBody } from '@fitconnect/contracts/trainers';
import { Button, StarRatingInput, useToast } from '@fitconnect/shared-ui';
import { FieldError, TextArea } from '@fitconnect/shared-ui/forms';
import type { TrainerReview } from '@fitconnect/contracts';
import { useCreateReview } from '../api/create-review';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const RatingField = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  span.label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

export interface ReviewFormProps {
  trainerId: number;
  userId: number;
  trainerName: string;
  /** The signed-in user's earlier review of this trainer: the form edits it. */
  existing?: TrainerReview | null;
}

/** SPEC §5: rating 1-5 ('Please select a rating'), submit disabled while the rating is 0, comment optional. */
export function ReviewForm({ trainerId, userId, trainerName, existing }: ReviewFormProps) {
  const labelId = useId();
  const errorId = useId();
  const { toast } = useToast();
  const create = useCreateReview();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (existing) {
      setRating(existing.rating);
      setComment(existing.comment ?? '');
    }
  }, [existing]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TrainerReviewBody.safeParse({ trainerId, rating, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please select a rating');
      return;
    }
    setError(null);
    create.mutate(
      { ...parsed.data, userId },
      {
        onSuccess: () => {
          toast({
            title: existing ? 'Review updated' : 'Review submitted',
            description: `Thank you for reviewing ${trainerName}.`,
            variant: 'success',
          });
          if (!existing) {
            setRating(0);
            setComment('');
          }
        },
        onError: () => toast({ title: 'Error', description: 'Failed to submit review. Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={existing ? 'Update your review' : 'Write a review'} noValidate>
      <RatingField>
        <span className="label" id={labelId}>
          Your rating
        </span>
        <StarRatingInput
          value={rating}
          onChange={(v) => {
            setRating(v);
            setError(null);
          }}
          label="Your rating"
          disabled={create.isPending}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={!!error}
        />
        {error && (
          <FieldError id={errorId} role="alert">
            {error}
          </FieldError>
        )}
      </RatingField>
      <TextArea
        label="Comment (optional)"
        value={comment}
        maxLength={1000}
        onChange={(e) => setComment(e.target.value)}
        placeholder={`How was your experience with ${trainerName}?`}
        disabled={create.isPending}
      />
      <div>
        <Button type="submit" disabled={rating === 0} loading={create.isPending}>
          {existing ? 'Update Review' : 'Submit Review'}
        </Button>
      </div>
    </Form>
  );
}
