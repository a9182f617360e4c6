import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { MessageModal, useMessageModal } from '../feedback/MessageModal';
import { ConfirmationSheet } from './ConfirmationSheet';
import { LegalPanel } from './LegalPanel';
import { ModalDialog } from './ModalDialog';

function DialogPage() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Rename</Button>
      <ModalDialog
        opened={opened}
        title="Rename entry"
        onSubmit={() => setOpened(false)}
        onClose={() => setOpened(false)}
      >
        <input aria-label="Entry name" defaultValue="Summer entry" />
      </ModalDialog>
    </>
  );
}

/** An opener whose action keeps it disabled for a moment after the sheet closes. */
function SheetPage() {
  const [opened, setOpened] = useState(false);
  const [working, setWorking] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)} disabled={working}>
        Leave campaign
      </Button>
      <ConfirmationSheet
        opened={opened}
        title="Leave this campaign?"
        message="Your entries stay."
        onConfirm={() => {
          setWorking(true);
          setOpened(false);
          setTimeout(() => setWorking(false), 100);
        }}
        onCancel={() => setOpened(false)}
      />
    </>
  );
}

function MessagePage() {
  const message = useMessageModal();
  return (
    <>
      <Button onClick={() => message.show('The email or password is incorrect.')}>Sign in</Button>
      <MessageModal {...message.props} title="Sign-in failed" />
    </>
  );
}

function LegalPage() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Read the Terms and Conditions</Button>
      <LegalPanel
        type="TERMS"
        opened={opened}
        onClose={() => setOpened(false)}
        load={() => Promise.resolve('<p>Be kind.</p>')}
      />
    </>
  );
}

describe('dialogs give the focus back to what opened them', () => {
  it('a dialog closed with Cancel, with Escape, or by its submit', async () => {
    const { user } = renderWidget(<DialogPage />);
    const opener = screen.getByRole('button', { name: 'Rename' });

    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Rename entry' });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Rename entry' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a sheet whose opener is disabled while its action finishes: once it is enabled again', async () => {
    const { user } = renderWidget(<SheetPage />);
    const opener = screen.getByRole('button', { name: 'Leave campaign' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Leave this campaign?' });
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(opener).toBeDisabled());
    expect(opener).not.toHaveFocus();
    await waitFor(() => expect(opener).toBeEnabled());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a sheet cancelled with Escape', async () => {
    const { user } = renderWidget(<SheetPage />);
    const opener = screen.getByRole('button', { name: 'Leave campaign' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Leave this campaign?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a message that loads its dialog the first time it shows', async () => {
    const { user } = renderWidget(<MessagePage />);
    const opener = screen.getByRole('button', { name: 'Sign in' });
    await user.click(opener);
    const message = await screen.findByRole('dialog', { name: 'Sign-in failed' });
    await waitFor(() => expect(within(message).getByRole('button', { name: 'Okay' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a terms panel closed with its Close button', async () => {
    const { user } = renderWidget(<LegalPage />);
    const opener = screen.getByRole('button', { name: 'Read the Terms and Conditions' });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    await within(panel).findByText('Be kind.');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
