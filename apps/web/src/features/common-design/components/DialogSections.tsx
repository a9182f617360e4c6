import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmationSheet } from '../../../components/display/ConfirmationSheet';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { TermsUpdateBanner } from '../../../components/display/TermsUpdateBanner';
import { MessageModal, useMessageModal } from '../../../components/feedback/MessageModal';
import { wait, loadFakeDocument } from './display-fakes';
import { GallerySection, StateCard, Outcome } from './DisplayGalleryLayout';

export function ModalMessageSection() {
  const modal = useMessageModal();
  return (
    <GallerySection title="Modal message">
      <StateCard label="Acknowledged with Okay">
        <Button
          variant="light"
          onClick={() =>
            modal.show('Your entry has been received. We will let you know once it is reviewed.')
          }
        >
          Show modal message
        </Button>
      </StateCard>
      <MessageModal {...modal.props} title="Entry received" />
    </GallerySection>
  );
}

export function TermsBanners() {
  const [inlineAccepted, setInlineAccepted] = useState(false);
  const [fixedShown, setFixedShown] = useState(false);
  return (
    <GallerySection title="Terms update banner">
      <StateCard label={inlineAccepted ? 'Accepted' : 'Shown in the page; Okay takes a moment'}>
        {inlineAccepted ? (
          <Group gap="sm">
            <Outcome>The terms were accepted.</Outcome>
            <Button variant="subtle" size="sm" onClick={() => setInlineAccepted(false)}>
              Show the banner again
            </Button>
          </Group>
        ) : (
          <TermsUpdateBanner
            inline
            loadTerms={() => loadFakeDocument('TERMS')}
            onAccept={async () => {
              await wait();
              setInlineAccepted(true);
            }}
          />
        )}
      </StateCard>
      <StateCard label="Fixed to the bottom of the screen">
        <Button variant="light" onClick={() => setFixedShown(true)} disabled={fixedShown}>
          Show banner at the bottom
        </Button>
      </StateCard>
      {fixedShown && (
        <TermsUpdateBanner
          loadTerms={() => loadFakeDocument('TERMS')}
          onAccept={async () => {
            await wait();
            setFixedShown(false);
          }}
        />
      )}
    </GallerySection>
  );
}

export function ConfirmationSheetSection() {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState('Nothing chosen yet.');
  return (
    <GallerySection title="Confirmation bottom sheet">
      <StateCard label="Confirm takes a moment">
        <Group gap="sm">
          <Button variant="light" onClick={() => setOpened(true)}>
            Open bottom sheet
          </Button>
          <Outcome>{outcome}</Outcome>
        </Group>
      </StateCard>
      <ConfirmationSheet
        opened={opened}
        title="Leave this campaign?"
        message="Your entries stay visible to the brand, but you will not be able to submit new ones."
        confirmLabel="Leave campaign"
        confirmColor="red"
        onConfirm={async () => {
          await wait();
          setOpened(false);
          setOutcome('Confirmed: you left the campaign.');
        }}
        onCancel={() => {
          setOpened(false);
          setOutcome('Cancelled.');
        }}
      />
    </GallerySection>
  );
}

export function ModalDialogSection() {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('Summer challenge entry');
  const [outcome, setOutcome] = useState('Not saved yet.');
  return (
    <GallerySection title="Modal dialog">
      <StateCard label="Submit takes a moment">
        <Group gap="sm">
          <Button variant="light" onClick={() => setOpened(true)}>
            Open dialog
          </Button>
          <Outcome>{outcome}</Outcome>
        </Group>
      </StateCard>
      <ModalDialog
        opened={opened}
        title="Rename entry"
        submitLabel="Save"
        submitDisabled={name.trim() === ''}
        onSubmit={async () => {
          await wait();
          setOpened(false);
          setOutcome(`Saved as '${name.trim()}'.`);
        }}
        onClose={() => setOpened(false)}
      >
        <TextInput
          label="Entry name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
      </ModalDialog>
    </GallerySection>
  );
}
