import { Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { metricsCorrectionBodySchema, type LeaderboardPlace } from '@platform/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ModalDialog } from '../../../components/display/ModalDialog';
import { renderFieldError } from '../../../components/form/FieldError';
import { FormFailure, formFailureMessage } from '../../../components/form/FormFailure';
import { TextField } from '../../../components/form/TextField';
import type { FiguresCorrectionBody } from '../api/campaign-leaderboard';
import {
  FIGURE_LABELS,
  FIGURES,
  figureText,
  readAtText,
  SOURCE_LABELS,
  type FigureName,
} from '../../../lib/figure-labels';

type CorrectionValues = Record<FigureName, string> & { note: string };

/**
 * A figure as typed: empty is "the platform does not say" (null), and a number (thousands separators
 * allowed) is sent as one. Anything else is sent as typed, for the server's schema to say what is wrong.
 */
function typedFigure(text: string): number | string | null {
  const cleaned = text.replace(/[\s,]/g, '');
  if (cleaned === '') return null;
  return /^-?\d+(?:\.\d+)?$/.test(cleaned) ? Number(cleaned) : text;
}

const shownFigure = (count: number | null) => (count === null ? '' : String(count));

/** The reading a correction replaces, or that there is none yet. */
function ReplacedReading({ place }: { place: LeaderboardPlace }) {
  if (place.readAt === null) {
    return (
      <Text size="sm" c="dimmed">
        This entry has no figures yet: the correction becomes its first reading.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="The reading it replaces">
      <Text size="sm" fw={600}>
        Replaces the reading of {readAtText(place.readAt)}
        {place.source ? ` (${SOURCE_LABELS[place.source]})` : ''}
      </Text>
      <SimpleGrid component="dl" cols={4} mt="xs" m={0}>
        {FIGURES.map((name) => (
          <div key={name}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {FIGURE_LABELS[name]}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {figureText(place[name])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

export interface CorrectFiguresDialogProps {
  place: LeaderboardPlace;
  /** Who holds the place: 'Ada Lovelace'. */
  creatorName: string;
  /**
   * Sends the correction. Resolves once it is recorded (the caller closes the dialog and says so); rejects
   * with what the server refused, which shows under the fields or above them.
   */
  onCorrect: (body: FiguresCorrectionBody) => Promise<void>;
  onClose: () => void;
}

/**
 * Corrects one entry's figures with why. The figures start as the reading it replaces, which stays kept
 * beside the correction; a figure left empty is one the platform does not say.
 */
export default function CorrectFiguresDialog({
  place,
  creatorName,
  onCorrect,
  onClose,
}: CorrectFiguresDialogProps) {
  const form = useForm<CorrectionValues>({
    defaultValues: {
      views: shownFigure(place.views),
      likes: shownFigure(place.likes),
      comments: shownFigure(place.comments),
      shares: shownFigure(place.shares),
      note: '',
    },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    form.clearErrors();
    const body = {
      views: typedFigure(values.views),
      likes: typedFigure(values.likes),
      comments: typedFigure(values.comments),
      shares: typedFigure(values.shares),
      note: values.note,
    };
    // The server's own schema, so each field says here what the server would.
    const checked = metricsCorrectionBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [field] = issue.path;
        if (field === 'note' || FIGURES.includes(field as FigureName)) {
          form.setError(field as keyof CorrectionValues, { message: issue.message });
        }
      }
      return;
    }
    try {
      await onCorrect(body);
    } catch (error) {
      setFailure(formFailureMessage(form, error, { shownFields: [...FIGURES, 'note'] }));
    }
  });

  return (
    <ModalDialog
      opened
      title={`Correct the figures of ${creatorName}’s entry`}
      submitLabel="Save the correction"
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Stack gap="md">
        <FormFailure message={failure} />
        <ReplacedReading place={place} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {FIGURES.map((name, index) => (
            <TextField
              key={name}
              size="md"
              label={FIGURE_LABELS[name]}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus={index === 0 || undefined}
              {...form.register(name)}
              error={errors[name]?.message}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          Leave a figure empty when the platform does not say it.
        </Text>
        <Textarea
          size="md"
          label="Why are the figures corrected?"
          description="Kept with the correction in the audit log."
          required
          rows={3}
          {...form.register('note')}
          error={renderFieldError(errors.note?.message)}
        />
      </Stack>
    </ModalDialog>
  );
}
