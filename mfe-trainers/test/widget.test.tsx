import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '@fitconnect/shared-ui';
import { TrainerCard, TrainerSearchBox, formatDistance, formatPrice, formatRating, formatReviewCount } from '../src/widget';
import { parseDirectoryQuery, directoryParams } from '../src/features/directory/lib/query';
import { makeTrainer } from './helpers';

// The partner widget renders these with only a theme: no router, no query client, no shell.
describe('reusable card and search box (no shell, no router)', () => {
  it('renders a card with a plain link and the distance only when asked', () => {
    const t = makeTrainer({ distanceMiles: 12.4 });
    const { rerender } = render(
      <ThemeProvider theme={lightTheme}>
        <TrainerCard trainer={t} href="https://partner.example/trainers/3" showDistance />
      </ThemeProvider>,
    );
    expect(screen.getByRole('link', { name: 'Hannah Walsh' })).toHaveAttribute('href', 'https://partner.example/trainers/3');
    expect(screen.getByTestId('trainer-distance')).toHaveTextContent('about 12 miles');
    rerender(
      <ThemeProvider theme={lightTheme}>
        <TrainerCard trainer={{ ...t, distanceMiles: null }} href="/t/3" showDistance />
      </ThemeProvider>,
    );
    expect(screen.queryByTestId('trainer-distance')).not.toBeInTheDocument();
  });

  it('the search box calls back with the trimmed text', async () => {
    const user = userEvent.setup();
    const onSearch = jest.fn();
    render(
      <ThemeProvider theme={lightTheme}>
        <TrainerSearchBox value="" onSearch={onSearch} />
      </ThemeProvider>,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Postcode or city' }), '  Leeds  {Enter}');
    expect(onSearch).toHaveBeenCalledWith('Leeds');
  });
});

describe('formatting', () => {
  it('prices are pounds per hour', () => {
    expect(formatPrice(45)).toBe('£45/hour');
    expect(formatPrice(0)).toBe('£0/hour');
    expect(formatPrice(null)).toBe('Price on request');
  });
  it('distances say about N miles, never a false precision, and nothing without a number', () => {
    expect(formatDistance(0.3)).toBe('less than a mile');
    expect(formatDistance(1.2)).toBe('about 1 mile');
    expect(formatDistance(2.6)).toBe('about 3 miles');
    expect(formatDistance(171.4)).toBe('about 171 miles');
    expect(formatDistance(null)).toBeNull();
    expect(formatDistance(undefined)).toBeNull();
    expect(formatDistance(Number.NaN)).toBeNull();
  });
  it('ratings have one decimal; review counts are words', () => {
    expect(formatRating(4.5)).toBe('4.5');
    expect(formatRating(4)).toBe('4.0');
    expect(formatReviewCount(0)).toBe('No reviews yet');
    expect(formatReviewCount(1)).toBe('1 review');
    expect(formatReviewCount(7)).toBe('7 reviews');
  });
});

describe('directory query in the URL', () => {
  it('round-trips every parameter and drops bad ones one by one', () => {
    const q = parseDirectoryQuery(new URLSearchParams('location=LS6+2AB&online=true&inPerson=nope&maxPrice=50&specialty=yoga&minRating=9&sort=distance&page=3'));
    expect(q).toEqual({ location: 'LS6 2AB', online: true, inPerson: false, maxPrice: 50, specialty: 'yoga', minRating: null, sort: 'distance', page: 3 });
    expect(directoryParams(q).toString()).toBe('location=LS6+2AB&online=true&maxPrice=50&specialty=yoga&sort=distance&page=3');
  });
  it('never sorts by distance without a place, and caps the pages a link can ask for', () => {
    const q = parseDirectoryQuery(new URLSearchParams('sort=distance&page=500'));
    expect(q.sort).toBeNull();
    expect(q.page).toBe(20);
  });
});
