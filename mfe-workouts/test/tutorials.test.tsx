import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import type { ExerciseDetail, ExerciseSummary } from '@fitconnect/contracts';
import { TutorialsPage } from '../src/features/tutorials/components/TutorialsPage';
import { ExerciseDetailPage } from '../src/features/tutorials/components/ExerciseDetail';
import { LocationProbe, mockFetch, type RecordedCall } from './helpers';

jest.setTimeout(30_000);

/** A fake catalogue of 30 (more than one page of 24), served by a fake GET /api/exercises that filters it. */
const CATALOGUE: ExerciseSummary[] = Array.from({ length: 30 }, (_, i) => ({
  slug: `exercise-${String(i + 1).padStart(2, '0')}`,
  name: `Exercise ${String(i + 1).padStart(2, '0')}`,
  category: i % 3 === 0 ? 'Core' : 'Upper Body',
  muscleGroups: i === 0 ? ['Abdominals', 'Obliques', 'Lower Back', 'Hip Flexors', 'Glutes'] : ['Chest'],
  equipment: ['Bodyweight'],
  difficulty: 'Beginner',
  duration: '3 sets of 10 reps',
  description: `Description ${i + 1}.`,
}));
CATALOGUE[3] = { ...CATALOGUE[3], slug: 'planks', name: 'Planks', muscleGroups: ['Abdominals'] };

const DETAIL: ExerciseDetail = {
  ...CATALOGUE[3],
  instructions: ['Lie face down.', 'Lift onto your forearms and toes.', 'Hold a straight line.'],
  tips: ['Breathe steadily.', 'Do not let your hips sag.'],
  saferAlternatives: [{ injury: 'shoulders', exercises: [{ slug: 'dead-bug', name: 'Dead Bug' }] }],
  video: { embedUrl: null, searchUrl: 'https://www.youtube.com/results?search_query=Planks%20exercise%20how%20to' },
};

function fakeApi() {
  return mockFetch({
    'GET /api/exercises': (call: RecordedCall) => {
      const p = new URL(call.path, 'http://x').searchParams;
      const q = (p.get('q') ?? '').toLowerCase();
      const matching = CATALOGUE.filter(
        (e) =>
          (!p.get('category') || e.category === p.get('category')) &&
          (!p.get('muscle') || e.muscleGroups.includes(p.get('muscle')!)) &&
          (!q || e.name.toLowerCase().includes(q) || e.muscleGroups.some((m) => m.toLowerCase().includes(q))),
      );
      const page = Number(p.get('page') ?? 1);
      const size = Number(p.get('pageSize'));
      return {
        status: 200,
        body: { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, pageSize: size, muscleGroups: ['Abdominals', 'Chest'] },
      };
    },
    'GET /api/exercises/planks': { status: 200, body: DETAIL },
  });
}

function renderLibrary(url = '/exercise-tutorials') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/exercise-tutorials" element={<TutorialsPage />} />
        <Route path="/exercise-tutorials/:slug" element={<ExerciseDetailPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { initialEntries: [url] },
  );
}

const cards = () => screen.queryAllByTestId('exercise-card');
const location = () => screen.getByTestId('location').textContent;
const apiCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path.startsWith('/api/exercises?')).map((c) => c.path);

describe('TutorialsPage (catalogue from the API)', () => {
  it('shows the first page with the count line, then pages through the URL', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderLibrary();
    expect(screen.getByRole('heading', { level: 1, name: 'Exercise Tutorials' })).toBeInTheDocument();
    // The library has no video player of its own: the subtitle promises what is there (a link out to YouTube).
    expect(screen.getByText(/each with a link to demonstration videos on YouTube/)).toBeInTheDocument();
    expect(screen.queryByText(/video demonstrations/)).not.toBeInTheDocument();
    expect(await screen.findByText('Showing 30 exercises')).toBeInTheDocument();
    expect(cards()).toHaveLength(24);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(location()).toBe('/exercise-tutorials?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('opens the same list from a link: search and filters come from the URL', async () => {
    const calls = fakeApi();
    renderLibrary('/exercise-tutorials?q=plank&category=Core');
    expect(await screen.findByText('Showing 1 exercise')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Core');
    expect(screen.getByRole('searchbox', { name: 'Search exercises' })).toHaveValue('plank');
    expect(apiCalls(calls)).toEqual(['/api/exercises?q=plank&category=Core&pageSize=24']);
  });

  it('filters and searches into the URL; no match offers Clear All Filters, which resets everything', async () => {
    const user = userEvent.setup();
    const calls = fakeApi();
    renderLibrary();
    await screen.findByText('Showing 30 exercises');
    for (const name of ['Category', 'Muscle Group', 'Equipment', 'Difficulty']) {
      expect(within(screen.getByRole('combobox', { name })).getAllByRole('option')[0]).toHaveValue('all');
    }
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Core');
    expect(await screen.findByText('Showing 10 exercises')).toBeInTheDocument();
    expect(location()).toBe('/exercise-tutorials?category=Core');
    await user.type(screen.getByRole('searchbox', { name: 'Search exercises' }), 'zz');
    expect(await screen.findByText('No exercises found', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Showing 0 exercises')).toBeInTheDocument();
    // The page shows the query asked for at once (shared-ui's useLatestSearchParams); the router's location
    // commits in its transition right after.
    await waitFor(() => expect(location()).toBe('/exercise-tutorials?q=zz&category=Core'));
    expect(apiCalls(calls)).not.toContain('/api/exercises?q=z&category=Core&pageSize=24');
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(await screen.findByText('Showing 30 exercises')).toBeInTheDocument();
    expect(location()).toBe('/exercise-tutorials');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
    expect(screen.getByRole('searchbox', { name: 'Search exercises' })).toHaveValue('');
  });

  it('keeps every filter when two change before the page re-renders (a quick second choice)', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderLibrary();
    await screen.findByText('Showing 30 exercises');
    await user.type(screen.getByRole('searchbox', { name: 'Search exercises' }), 'ex');
    // Both changes land in one batch: the second select still renders the state from before the first.
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Equipment' }), { target: { value: 'Dumbbells' } });
      fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'Core' } });
    });
    await waitFor(() => expect(location()).toBe('/exercise-tutorials?q=ex&category=Core&equipment=Dumbbells'));
    expect(screen.getByRole('combobox', { name: 'Equipment' })).toHaveValue('Dumbbells');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Core');
    // The next change builds on both.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'Beginner');
    expect(location()).toBe('/exercise-tutorials?q=ex&category=Core&equipment=Dumbbells&difficulty=Beginner');
  });

  it('shows at most three muscle badges plus +N', async () => {
    fakeApi();
    renderLibrary();
    await screen.findByText('Showing 30 exercises');
    const first = within(cards()[0]).getByRole('group', { name: 'Target muscles' });
    expect(within(first).getAllByText(/^[A-Z]/)).toHaveLength(3);
    expect(within(first).getByText('+2')).toBeInTheDocument();
    expect(within(within(cards()[1]).getByRole('group', { name: 'Target muscles' })).queryByText(/^\+/)).not.toBeInTheDocument();
  });

  it('opens a detail page at its own URL and Back returns to the filtered list', async () => {
    const user = userEvent.setup();
    fakeApi();
    renderLibrary('/exercise-tutorials?category=Core');
    await screen.findByText('Showing 10 exercises');
    await user.click(screen.getByRole('link', { name: 'View tutorial: Planks' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Planks' });
    expect(location()).toBe('/exercise-tutorials/planks');
    await waitFor(() => expect(heading).toHaveFocus());
    const steps = screen.getByRole('heading', { name: 'Instructions' }).nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Pro Tips' })).toBeInTheDocument();
    // No guessed video: no player, but a demonstration link that opens YouTube in a new tab.
    expect(document.querySelector('iframe')).toBeNull();
    const watch = screen.getByRole('link', { name: /Watch a demonstration/ });
    expect(watch).toHaveAttribute('href', DETAIL.video.searchUrl);
    expect(watch).toHaveAttribute('target', '_blank');
    expect(watch.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Dead Bug' })).toHaveAttribute('href', '/exercise-tutorials/dead-bug');
    await user.click(screen.getByRole('link', { name: 'Back to Exercises' }));
    expect(location()).toBe('/exercise-tutorials?category=Core');
    expect(await screen.findByText('Showing 10 exercises')).toBeInTheDocument();
  });

  it('a detail link opened directly has one h1 and Back goes to the whole library', async () => {
    const user = userEvent.setup();
    fakeApi();
    const { container } = renderLibrary('/exercise-tutorials/planks');
    await screen.findByRole('heading', { level: 1, name: 'Planks' });
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Back to Exercises' }));
    expect(location()).toBe('/exercise-tutorials');
  });

  it("the server's detail page being hydrated does not move the visitor's focus (arriving from the list does)", async () => {
    fakeApi();
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-ssr', 'workouts');
    document.body.appendChild(root);
    const outside = document.createElement('button');
    document.body.appendChild(outside);
    outside.focus();
    try {
      renderLibrary('/exercise-tutorials/planks');
      const heading = await screen.findByRole('heading', { level: 1, name: 'Planks' });
      await act(async () => undefined);
      expect(heading).not.toHaveFocus();
      expect(outside).toHaveFocus();
    } finally {
      root.remove();
      outside.remove();
    }
  });

  it('an unknown exercise says so instead of showing an empty page', async () => {
    fakeApi();
    renderLibrary('/exercise-tutorials/no-such-thing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exercise not found' })).toBeInTheDocument();
  });
});
