// A server-rendered library (issue 32 stage 2, docs/ssr.md) shows its search box and filters before its script
// runs: what the visitor typed or chose meanwhile is taken up when the page hydrates (React keeps it in the DOM
// and fires no change event for it), so the list follows it and the next choice keeps it.
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { AppThemeProvider } from '@fitconnect/shared-ui';
import { TutorialFilters } from '../src/features/tutorials/components/TutorialFilters';
import { EMPTY_STATE, type LibraryState } from '../src/features/tutorials/lib/url';

const page = (value: LibraryState, onChange: (c: Partial<LibraryState>) => void) => (
  <AppThemeProvider>
    <TutorialFilters value={value} muscleGroups={['Glutes', 'Calves']} onChange={onChange} />
  </AppThemeProvider>
);

/** The server's HTML in the document, as a server-rendered page has it before its script runs. */
function serverHtml(value: LibraryState) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(value, () => undefined));
  document.body.appendChild(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('a search typed and a filter chosen before hydration are taken up once hydrated', () => {
  const value = { ...EMPTY_STATE, category: 'Lower Body' };
  const container = serverHtml(value);
  (screen.getByLabelText('Equipment') as HTMLSelectElement).value = 'Dumbbells';
  (screen.getByLabelText('Search exercises') as HTMLInputElement).value = 'lunge';
  const onChange = jest.fn();
  render(page(value, onChange), { container, hydrate: true });
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith({ q: 'lunge', equipment: 'Dumbbells', page: 1 });
  // What was typed stays in the box (the page's own state now).
  expect(screen.getByLabelText('Search exercises')).toHaveValue('lunge');
  expect(screen.getByLabelText('Category')).toHaveValue('Lower Body');
});

test('nothing changed before hydration, or a page rendered in the browser: nothing is asked', () => {
  const value = { ...EMPTY_STATE, q: 'squat', difficulty: 'Beginner' };
  const onChange = jest.fn();
  render(page(value, onChange), { container: serverHtml(value), hydrate: true });
  document.body.innerHTML = '';
  render(page(value, onChange));
  expect(onChange).not.toHaveBeenCalled();
});
