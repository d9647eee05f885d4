import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../src';
import { ConfirmDialog, Dialog } from '../src/widgets';
import { renderWithProviders } from '../src/testing';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open settings</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Settings"
        description="Change things"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <label htmlFor="n">Name</label>
        <input id="n" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal, moves focus in, traps Tab, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Change things');
    // First focusable that is not the close button.
    expect(screen.getByLabelText('Name')).toHaveFocus();

    await user.tab(); // -> Done
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.tab(); // -> Close ×
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab(); // wraps to the first focusable
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.tab({ shift: true }); // wraps backwards
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes from the close button and the backdrop', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const overlay = screen.getByRole('dialog').parentElement!;
    await user.click(overlay);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('focuses Cancel, confirms, and disables both while pending', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const { rerender } = renderWithProviders(
      <ConfirmDialog
        open
        title="Delete Workout Plan"
        message="Are you sure you want to delete this workout plan? This action cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete Workout Plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    rerender(
      <ConfirmDialog
        open
        pending
        title="Delete Workout Plan"
        message="m"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const del = screen.getByRole('button', { name: /Delete/ });
    expect(del).toBeDisabled();
    expect(del).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});
