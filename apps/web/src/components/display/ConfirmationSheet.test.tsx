import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api-mock';
import { ConfirmationSheet, type ConfirmationSheetProps } from './ConfirmationSheet';
import { renderWidget } from '../../test/render-widget';

function renderSheet(props: Partial<ConfirmationSheetProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const rendered = renderWidget(
    <ConfirmationSheet
      opened
      title="Leave this campaign?"
      message="You will not be able to submit new entries."
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return {
    ...rendered,
    onConfirm,
    onCancel,
    sheet: screen.getByRole('dialog', { name: 'Leave this campaign?' }),
  };
}

describe('ConfirmationSheet', () => {
  it('shows the title, the message and the default labels', () => {
    const { sheet } = renderSheet();
    expect(within(sheet).getByText('You will not be able to submit new entries.')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('calls confirm', async () => {
    const { user, sheet, onConfirm, onCancel } = renderSheet({ confirmLabel: 'Leave campaign' });
    await user.click(within(sheet).getByRole('button', { name: 'Leave campaign' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('calls cancel from its button and from Escape', async () => {
    const { user, sheet, onConfirm, onCancel } = renderSheet({ cancelLabel: 'Stay' });
    await user.click(within(sheet).getByRole('button', { name: 'Stay' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows a spinner on confirm while it runs, and cannot be cancelled meanwhile', async () => {
    const confirmation = deferred<void>();
    const { user, sheet, onCancel } = renderSheet({ onConfirm: () => confirmation.promise });
    const confirm = within(sheet).getByRole('button', { name: 'Confirm' });

    await user.click(confirm);
    expect(confirm).toHaveAttribute('data-loading', 'true');
    expect(within(sheet).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();

    confirmation.resolve();
    await vi.waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
  });
});
