import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { useLatestSearchParams, type SearchParamsUpdate } from '../src/forms';

/** A page with two independent URL filters, set through the hook; the test drives it through `api`. */
let api: { set: (u: SearchParamsUpdate) => void; navigate: (to: string) => void };
function Filters() {
  const [params, set] = useLatestSearchParams();
  api = { set, navigate: useNavigate() };
  return (
    <>
      <p data-testid="shown">{params.toString()}</p>
      <p data-testid="location">{useLocation().search}</p>
    </>
  );
}
const setKey = (key: string, value: string) => (latest: URLSearchParams) => {
  latest.set(key, value);
  return latest;
};
const renderAt = (url: string) => render(<MemoryRouter initialEntries={[url]}><Filters /></MemoryRouter>);
const shown = () => screen.getByTestId('shown').textContent;

describe('useLatestSearchParams', () => {
  it('builds each change on the last one asked for, when several come before a re-render', () => {
    renderAt('/list?q=run');
    act(() => {
      api.set(setKey('a', '1'));
      api.set(setKey('b', '2'));
      api.set(setKey('a', '3'));
    });
    expect(shown()).toBe('q=run&a=3&b=2');
    expect(screen.getByTestId('location').textContent).toBe('?q=run&a=3&b=2');
  });

  it('starts from the URL on screen after a navigation from elsewhere (Back, a link)', () => {
    renderAt('/list?q=run');
    // A change on its way, then a navigation elsewhere before either renders: the navigation wins.
    act(() => {
      api.set(setKey('a', '1'));
      api.navigate('/list?q=walk');
    });
    expect(shown()).toBe('q=walk');
    act(() => api.set(setKey('b', '2')));
    expect(shown()).toBe('q=walk&b=2');
  });

  it('shows the change in the event that asked for it: a controlled checkbox does not flick back while the URL commits', () => {
    function Only() {
      const [params, set] = useLatestSearchParams();
      const on = params.get('online') === '1';
      return (
        <label>
          <input type="checkbox" checked={on} onChange={(e) => set(setKey('online', e.target.checked ? '1' : '0'))} />
          Online
        </label>
      );
    }
    render(
      <MemoryRouter initialEntries={['/list']}>
        <Only />
      </MemoryRouter>,
    );
    const box = screen.getByRole('checkbox', { name: 'Online' }) as HTMLInputElement;
    let rightAfterClick: boolean | null = null;
    act(() => {
      // The router's own update is a transition (rendered once act ends); the click's own update is not.
      box.click();
      rightAfterClick = box.checked;
    });
    expect(rightAfterClick).toBe(true);
    expect(box.checked).toBe(true);
  });

  it('takes the next query as a string too', () => {
    renderAt('/list?q=run');
    act(() => api.set(() => 'page=2'));
    expect(shown()).toBe('page=2');
  });
});
