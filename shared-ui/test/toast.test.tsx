import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, useToast, useToastStore } from '../src';
import { renderWithProviders } from '../src/testing';

function Trigger() {
  const { toast } = useToast();
  return (
    <Button onClick={() => toast({ title: 'Logout failed', description: 'There was a problem logging out.', variant: 'destructive' })}>
      Fire
    </Button>
  );
}

afterEach(() => {
  act(() => useToastStore.getState().dismiss());
  jest.useRealTimers();
});

describe('Toaster / useToast', () => {
  it('shows a toast in an aria-live region and dismisses it by itself', () => {
    jest.useFakeTimers();
    renderWithProviders(<Trigger />);
    const region = screen.getByLabelText('Notifications');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => screen.getByRole('button', { name: 'Fire' }).click());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Logout failed');
    expect(alert).toHaveTextContent('There was a problem logging out.');
    expect(region).toContainElement(alert);

    act(() => jest.advanceTimersByTime(6000));
    expect(screen.getByText('Logout failed')).toBeInTheDocument(); // destructive lasts 7 s
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.queryByText('Logout failed')).not.toBeInTheDocument();
  });

  it('can be dismissed with its close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Trigger />);
    act(() => {
      useToastStore.getState().push({ title: 'Saved', variant: 'success' });
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps at most 4 toasts', () => {
    renderWithProviders(<Trigger />);
    act(() => {
      for (let i = 1; i <= 6; i++) useToastStore.getState().push({ title: `T${i}` });
    });
    expect(screen.queryByText('T1')).not.toBeInTheDocument();
    expect(screen.queryByText('T2')).not.toBeInTheDocument();
    expect(screen.getByText('T6')).toBeInTheDocument();
    expect(useToastStore.getState().toasts).toHaveLength(4);
  });

  it('a new toast replaces a contradictory one (opposite outcome, same key or same title) instead of stacking', () => {
    renderWithProviders(<Trigger />);
    const titles = () => useToastStore.getState().toasts.map((t) => t.title);
    act(() => {
      useToastStore.getState().push({ title: 'Could not save', variant: 'destructive' });
      useToastStore.getState().push({ title: 'Profile updated', variant: 'success' });
    });
    // The success says the earlier error is no longer true: only the success is shown.
    expect(titles()).toEqual(['Profile updated']);
    act(() => {
      useToastStore.getState().push({ title: 'Profile updated', variant: 'success' });
    });
    expect(titles()).toEqual(['Profile updated']);
    act(() => {
      useToastStore.getState().push({ title: 'Uploading photo', key: 'photo' });
      useToastStore.getState().push({ title: 'Photo uploaded', key: 'photo' });
      useToastStore.getState().push({ title: 'Link copied' });
    });
    // Same key replaced; an unrelated, neutral toast stacks.
    expect(titles()).toEqual(['Profile updated', 'Photo uploaded', 'Link copied']);
    expect(screen.queryByText('Uploading photo')).not.toBeInTheDocument();
  });
});
