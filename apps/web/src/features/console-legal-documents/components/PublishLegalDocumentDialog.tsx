import { FileInput, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import {
  EVERY_TERRITORY,
  LEGAL_DOCUMENT_FILE_TYPES,
  LEGAL_DOCUMENT_MAX_BYTES,
  LEGAL_LINK_TYPES,
  LEGAL_VERSION_MAX_LENGTH,
  publishLegalDocumentBodySchema,
} from '@platform/shared';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { LEGAL_DOCUMENT_TITLES } from '../../../components/display/LegalPanel';
import { showSuccessToast } from '../../../components/feedback/toasts';
import { renderFieldError } from '../../../components/form/FieldError';
import { TextField } from '../../../components/form/TextField';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatFileSize } from '../../../components/inputs/file-size';
import { RadioGroupField } from '../../../components/inputs/RadioGroupField';
import { SearchableSelect } from '../../../components/inputs/SearchableSelect';
import type { SearchableItem } from '../../../components/inputs/searchable-items';
import { usePublishLegalDocument } from '../api/publish-legal-document';
import { searchManagedTerritories } from '../../../lib/territory-search';
import { LegalPreview } from './LegalPreview';

export interface PublishLegalDocumentDialogProps {
  onClose: () => void;
}

type Scope = 'every' | 'one';

const SCOPE_OPTIONS = [
  { value: 'every', label: 'Every territory' },
  { value: 'one', label: 'One territory' },
] as const;

const TYPE_OPTIONS = [
  { value: '', label: 'Choose a document' },
  ...LEGAL_LINK_TYPES.map((type) => ({ value: type, label: LEGAL_DOCUMENT_TITLES[type] })),
];

const SHOWN_FIELDS = ['territoryId', 'type', 'version', 'content'];

/** What the file picker takes: the shared types, and their extensions for systems that name no type. */
const FILE_EXTENSIONS = ['.html', '.htm', '.txt', '.md', '.markdown'];
const FILE_ACCEPT = [...FILE_EXTENSIONS, ...LEGAL_DOCUMENT_FILE_TYPES].join(',');
const MAX_SIZE = formatFileSize(LEGAL_DOCUMENT_MAX_BYTES);

const FILE_MESSAGES = {
  wrongType: 'Choose an .html, .txt or .md file.',
  tooLarge: (size: string) => `This file is ${size}: a document can be at most ${MAX_SIZE}.`,
  unreadable: 'This file could not be read. Choose it again, or paste its text below.',
};

function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  const knownType = (LEGAL_DOCUMENT_FILE_TYPES as readonly string[]).includes(file.type);
  if (!knownType && !FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return FILE_MESSAGES.wrongType;
  }
  if (file.size > LEGAL_DOCUMENT_MAX_BYTES) return FILE_MESSAGES.tooLarge(formatFileSize(file.size));
  return null;
}

/** Publishes a new version of a legal document, typed in or read from a file, with a preview. */
export function PublishLegalDocumentDialog({ onClose }: PublishLegalDocumentDialogProps) {
  const form = useZodForm(publishLegalDocumentBodySchema, {
    defaultValues: { territoryId: EVERY_TERRITORY, type: undefined, version: '', content: '' },
  });
  const { errors } = form.formState;
  const {
    field: { onChange: setTerritoryId, onBlur: leaveTerritory, ref: territoryRef },
  } = useController({ control: form.control, name: 'territoryId' });
  const content = useWatch({ control: form.control, name: 'content' });
  const publish = usePublishLegalDocument();
  const [scope, setScope] = useState<Scope>('every');
  const [territory, setTerritory] = useState<SearchableItem | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const chooseScope = (next: Scope) => {
    setScope(next);
    setTerritoryId(next === 'every' ? EVERY_TERRITORY : (territory?.id ?? ''));
    form.clearErrors('territoryId');
  };

  const chooseTerritory = (item: SearchableItem | null) => {
    setTerritory(item);
    setTerritoryId(item?.id ?? '');
    if (item) form.clearErrors('territoryId');
  };

  const readFile = async (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const text = await chosen.text();
      form.setValue('content', text, { shouldValidate: true, shouldDirty: true });
    } catch {
      setFileError(FILE_MESSAGES.unreadable);
    }
  };

  const send = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const published = await publish.mutateAsync(body);
      const where = published.territory ? published.territory.name : 'every territory';
      showSuccessToast(
        `Version “${published.version}” of the ${LEGAL_DOCUMENT_TITLES[published.type]} is now the one creators see in ${where}.`,
        'New version published',
      );
      onClose();
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: SHOWN_FIELDS }));
    }
  });

  return (
    <ModalDialog
      opened
      title="Publish a new version"
      submitLabel="Publish"
      onSubmit={() => send()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <Text size="sm" c="dimmed">
          Creators see the new version at once; those who accepted an older one are asked to review it.
        </Text>
        <RadioGroupField<Scope>
          label="Territory"
          orientation="horizontal"
          options={SCOPE_OPTIONS}
          value={scope}
          onChange={chooseScope}
          description="Territories without their own version use the one for every territory."
        />
        {scope === 'one' && (
          <SearchableSelect
            label="Which territory"
            placeholder="Search territories"
            required
            value={territory}
            onChange={chooseTerritory}
            search={searchManagedTerritories}
            ref={territoryRef}
            onBlur={leaveTerritory}
            error={errors.territoryId?.message}
          />
        )}
        <NativeSelect
          size="md"
          label="Document"
          required
          data={TYPE_OPTIONS}
          aria-invalid={errors.type ? true : undefined}
          {...form.register('type')}
          error={renderFieldError(errors.type?.message)}
        />
        <TextField
          label="Version"
          required
          autoComplete="off"
          description={`Such as 2026-03 or v4, up to ${LEGAL_VERSION_MAX_LENGTH} characters.`}
          {...form.register('version')}
          error={errors.version?.message}
        />
        <FileInput
          size="md"
          label="Upload the text from a file"
          description={`.html, .txt or .md, up to ${MAX_SIZE}: its text fills the box below.`}
          placeholder="Choose a file"
          accept={FILE_ACCEPT}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
          leftSection={<IconFileText size={16} aria-hidden="true" />}
          value={file}
          onChange={(chosen) => void readFile(chosen)}
          error={renderFieldError(fileError ?? undefined)}
        />
        <Textarea
          size="md"
          label="Text"
          required
          description="Paste it here, or upload a file above. Links and line breaks are kept."
          rows={6}
          {...form.register('content')}
          error={renderFieldError(errors.content?.message)}
        />
        {content.trim() !== '' && <LegalPreview text={content} />}
      </Stack>
    </ModalDialog>
  );
}
