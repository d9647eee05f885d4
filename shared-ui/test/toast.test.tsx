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
});
