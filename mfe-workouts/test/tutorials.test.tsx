import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@fitconnect/shared-ui/src/testing';
import { TutorialsPage } from '../src/features/tutorials/components/TutorialsPage';

const cards = () => screen.queryAllByTestId('exercise-card');

describe('TutorialsPage', () => {
  it('lists all ten exercises with the count line', () => {
    renderWithProviders(<TutorialsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Exercise Tutorials' })).toBeInTheDocument();
    expect(screen.getByText('Showing 10 exercises')).toBeInTheDocument();
    expect(cards()).toHaveLength(10);
  });

  it('has four filters, each with an All option, and combines them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TutorialsPage />);
    for (const name of ['Category', 'Muscle Group', 'Equipment', 'Difficulty']) {
      const select = screen.getByRole('combobox', { name });
      expect(within(select).getAllByRole('option')[0]).toHaveValue('all');
    }
    await user.selectOptions(screen.getByRole('combobox', { name: 'Equipment' }), 'Dumbbells');
    expect(screen.getByText('Showing 3 exercises')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Lower Body');
    expect(screen.getByText('Showing 1 exercise')).toBeInTheDocument();
    expect(within(cards()[0]).getByRole('heading', { name: 'Dumbbell Lunges' })).toBeInTheDocument();
  });

  it('shows the no-match message and Clear All Filters resets everything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TutorialsPage />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Cardio');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'Advanced');
    expect(screen.getByText('Showing 0 exercises')).toBeInTheDocument();
    expect(screen.getByText('No exercises found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(screen.getByText('Showing 10 exercises')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
    expect(screen.getByRole('combobox', { name: 'Difficulty' })).toHaveValue('all');
  });

  it('shows at most three muscle badges plus +N', () => {
    renderWithProviders(<TutorialsPage />);
    const deadlifts = cards().find((c) => within(c).queryByRole('heading', { name: 'Deadlifts' }))!;
    const muscles = within(deadlifts).getByLabelText('Target muscles');
    expect(within(muscles).getByText('Hamstrings')).toBeInTheDocument();
    expect(within(muscles).getByText('Lower Back')).toBeInTheDocument();
    expect(within(muscles).queryByText('Upper Back')).not.toBeInTheDocument();
    expect(within(muscles).getByText('+2')).toBeInTheDocument();
    const squats = cards().find((c) => within(c).queryByRole('heading', { name: 'Bodyweight Squats' }))!;
    expect(within(within(squats).getByLabelText('Target muscles')).queryByText(/^\+/)).not.toBeInTheDocument();
  });

  it('opens a detail view with video, numbered instructions, tips and back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TutorialsPage />);
    await user.click(screen.getByRole('button', { name: 'View tutorial: Planks' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Planks' });
    expect(heading).toHaveFocus();
    const frame = screen.getByTitle('Planks video tutorial');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
    const instructions = screen.getByRole('heading', { name: 'Instructions' }).nextElementSibling!;
    expect(instructions.tagName).toBe('OL');
    expect(within(instructions as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Pro Tips' })).toBeInTheDocument();
    expect(screen.getByText('Target Muscles')).toBeInTheDocument();
    expect(screen.getByText('Abdominals')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Exercises' }));
    expect(cards()).toHaveLength(10);
  });

  it('keeps one h1 in both views and never skips a heading level', async () => {
    const user = userEvent.setup();
    const { container } = renderWithProviders(<TutorialsPage />);
    const levels = () => Array.from(container.querySelectorAll('h1, h2, h3, h4')).map((h) => Number(h.tagName[1]));
    const noSkips = (ls: number[]) => ls.every((l, i) => i === 0 || l <= ls[i - 1] + 1);
    expect(levels().filter((l) => l === 1)).toHaveLength(1);
    expect(noSkips(levels())).toBe(true);
    await user.click(screen.getByRole('button', { name: 'View tutorial: Push-Ups' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Exercise Tutorials' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Push-Ups' })).toHaveFocus();
    expect(levels().filter((l) => l === 1)).toHaveLength(1);
    expect(noSkips(levels())).toBe(true);
  });

  it('opening a tutorial from further down the list starts at the top of the page', async () => {
    const user = userEvent.setup();
    const scrollTo = jest.fn();
    const original = { scrollTo: window.scrollTo, scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY') };
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    try {
      renderWithProviders(<TutorialsPage />);
      await user.click(screen.getByRole('button', { name: 'View tutorial: Burpees' }));
      expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    } finally {
      window.scrollTo = original.scrollTo;
      if (original.scrollY) Object.defineProperty(window, 'scrollY', original.scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
  });
});
