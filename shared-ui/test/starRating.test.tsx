import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { StarRating, StarRatingInput, starFills } from '../src';
import { renderWithProviders } from '../src/testing';

function fillsOf(container: HTMLElement) {
  return Array.from(container.querySelectorAll('svg[data-star]')).map((s) => s.getAttribute('data-star'));
}

describe('StarRating', () => {
  it('shows a half star when the fractional part is at least .5', () => {
    const { container } = renderWithProviders(<StarRating value={3.5} />);
    expect(fillsOf(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
  });

  it('shows no half star when the fraction is below .5', () => {
    const { container } = renderWithProviders(<StarRating value={4.49} />);
    expect(fillsOf(container)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(screen.getByRole('img')).toHaveAttribute('aria-label', 'Rated 4.5 out of 5');
  });

  it('handles whole numbers, 0, out-of-range and NaN', () => {
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(7)).toEqual(starFills(5));
    expect(starFills(-1)).toEqual(starFills(0));
    expect(starFills(Number.NaN)).toEqual(starFills(0));
    expect(starFills(2.5, 3)).toEqual(['full', 'full', 'half']);
  });
});

describe('StarRatingInput', () => {
  function Harness({ onValue }: { onValue: (v: number) => void }) {
    const [v, setV] = useState(0);
    return (
      <StarRatingInput
        value={v}
        onChange={(n) => {
          setV(n);
          onValue(n);
        }}
      />
    );
  }

  it('selects by click and by arrow keys, one tab stop', async () => {
    const user = userEvent.setup();
    const seen: number[] = [];
    renderWithProviders(<Harness onValue={(n) => seen.push(n)} />);
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{End}');
    expect(seen[seen.length - 1]).toBe(5);
    const tabbable = screen.getAllByRole('radio').filter((r) => r.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
  });
});
