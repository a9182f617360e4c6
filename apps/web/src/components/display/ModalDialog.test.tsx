import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api-mock';
import { ModalDialog, type ModalDialogProps } from './ModalDialog';
import { renderWidget } from '../../test/render-widget';

function renderDialog(props: Partial<ModalDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  const rendered = renderWidget(
    <ModalDialog opened title="Rename entry" onSubmit={onSubmit} onClose={onClose} {...props}>
      <label>
        Entry name
        <input defaultValue="Summer entry" />
      </label>
    </ModalDialog>,
  );
  return { ...rendered, onSubmit, onClose, dialog: screen.getByRole('dialog', { name: 'Rename entry' }) };
}

describe('ModalDialog', () => {
  it('calls submit from its button', async () => {
    const { user, dialog, onSubmit, onClose } = renderDialog({ submitLabel: 'Save' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('submits with Enter in a field', async () => {
    const { user, dialog, onSubmit } = renderDialog();
    await user.type(within(dialog).getByLabelText('Entry name'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes on cancel and on Escape', async () => {
    const { user, dialog, onSubmit, onClose } = renderDialog({ cancelLabel: 'Keep name' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep name' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a spinner on submit while it runs, and cannot be closed meanwhile', async () => {
    const submission = deferred<void>();
    const { user, dialog, onClose } = renderDialog({ onSubmit: () => submission.promise });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });

    await user.click(submit);
    expect(submit).toHaveAttribute('data-loading', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    submission.resolve();
    await vi.waitFor(() => expect(submit).not.toHaveAttribute('data-loading'));
  });

  it('does not submit while submitting is disabled', async () => {
    const { user, dialog, onSubmit } = renderDialog({ submitDisabled: true });
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Entry name'), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
