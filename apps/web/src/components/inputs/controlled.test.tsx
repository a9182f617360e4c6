import {
  AGE_MESSAGE,
  CREATOR_PLATFORMS,
  ERROR_CODES,
  FILE_UPLOAD_MESSAGES,
  REQUIRED_MESSAGE,
  dateOfBirthSchema,
  nonEmptyArray,
} from '@platform/shared';
import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { fieldErrorOf } from '../../test/render';
import { placeServerErrors, useZodForm } from '../form/use-zod-form';
import { ControlledDateField } from './DateField';
import { ControlledFileUploadField } from './FileUploadField';
import { ControlledRadioGroupField } from './RadioGroupField';
import { ControlledSearchableMultiSelect } from './SearchableMultiSelect';
import { ControlledSearchableSelect } from './SearchableSelect';
import type { SearchableItem } from './searchable-items';
import { renderWidget } from '../../test/render-widget';

const itemSchema = z.object({ id: z.string(), name: z.string() });
const schema = z.object({
  genres: nonEmptyArray(itemSchema, REQUIRED_MESSAGE),
  agency: itemSchema.nullable().refine((agency) => agency !== null, { error: REQUIRED_MESSAGE }),
  dateOfBirth: dateOfBirthSchema(),
  platform: z.enum(CREATOR_PLATFORMS),
  picture: z
    .object({ url: z.string(), key: z.string(), name: z.string(), size: z.number(), type: z.string() })
    .nullable()
    .refine((file) => file !== null, { error: FILE_UPLOAD_MESSAGES.missing }),
});

const GENRES: SearchableItem[] = [{ id: 'g-pop', name: 'Pop' }];
const search = () => Promise.resolve(GENRES);

function ProfileForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, {
    defaultValues: { genres: [], agency: null, dateOfBirth: '', platform: 'TikTok', picture: null },
  });
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate>
      <ControlledSearchableMultiSelect control={form.control} name="genres" label="Genres" search={search} />
      <ControlledSearchableSelect control={form.control} name="agency" label="Agency" search={search} />
      <ControlledDateField control={form.control} name="dateOfBirth" label="Date of birth" />
      <ControlledRadioGroupField
        control={form.control}
        name="platform"
        label="Platform"
        options={CREATOR_PLATFORMS.map((platform) => ({ value: platform, label: platform }))}
      />
      <ControlledFileUploadField
        control={form.control}
        name="picture"
        label="Picture"
        upload={() => Promise.resolve({ url: 'u', key: 'k' })}
      />
      <button type="submit">Save</button>
      <button
        type="button"
        onClick={() =>
          placeServerErrors(
            form,
            new ApiError({
              status: 400,
              code: ERROR_CODES.validationFailed,
              message: 'Validation failed',
              details: [{ field: 'dateOfBirth', message: AGE_MESSAGE }],
            }),
          )
        }
      >
        Show server errors
      </button>
    </form>
  );
}

describe('Controlled widgets', () => {
  it('show the form schema messages and the server messages under their fields', async () => {
    const onValid = vi.fn();
    const { user } = renderWidget(<ProfileForm onValid={onValid} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fieldErrorOf(screen.getByRole('combobox', { name: 'Genres' }))).toHaveTextContent(
        REQUIRED_MESSAGE,
      ),
    );
    expect(fieldErrorOf(screen.getByRole('combobox', { name: 'Agency' }))).toHaveTextContent(
      REQUIRED_MESSAGE,
    );
    expect(fieldErrorOf(screen.getByRole('button', { name: 'Date of birth' }))).toHaveTextContent(
      REQUIRED_MESSAGE,
    );
    expect(fieldErrorOf(screen.getByRole('button', { name: 'Choose file' }))).toHaveTextContent(
      FILE_UPLOAD_MESSAGES.missing,
    );
    expect(screen.getByRole('combobox', { name: 'Genres' })).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Show server errors' }));
    expect(fieldErrorOf(screen.getByRole('button', { name: 'Date of birth' }))).toHaveTextContent(
      AGE_MESSAGE,
    );
  });

  it('say nothing when a person only tabs through them, empty', async () => {
    const { user } = renderWidget(<ProfileForm onValid={vi.fn()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    while (document.activeElement !== save) await user.tab();

    for (const field of [
      screen.getByRole('combobox', { name: 'Genres' }),
      screen.getByRole('combobox', { name: 'Agency' }),
      screen.getByRole('button', { name: 'Date of birth' }),
      screen.getByRole('button', { name: 'Choose file' }),
    ]) {
      expect(fieldErrorOf(field)).toBeNull();
    }
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });

  it('hand the chosen values to the form', async () => {
    const onValid = vi.fn();
    const { user } = renderWidget(<ProfileForm onValid={onValid} />);

    await user.click(screen.getByRole('combobox', { name: 'Genres' }));
    await user.click(await screen.findByRole('option', { name: 'Pop' }));
    await user.click(screen.getByRole('combobox', { name: 'Agency' }));
    await user.click(await screen.findByRole('option', { name: 'Pop' }));
    await user.click(screen.getByRole('radio', { name: 'Instagram' }));
    await user.upload(
      screen.getByLabelText('Picture'),
      new File(['%PDF'], 'me.pdf', { type: 'application/pdf' }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Date of birth' }));
    const yearList = screen
      .getAllByRole('combobox', { name: 'Month and year' })
      .find((select) => select.getAttribute('data-select') === 'year')!;
    await user.selectOptions(yearList, '1990');
    const day = dayjs().year(1990).date(10);
    await user.click(screen.getByRole('button', { name: day.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      genres: [GENRES[0]],
      agency: GENRES[0],
      dateOfBirth: day.format('YYYY-MM-DD'),
      platform: 'Instagram',
      picture: { url: 'u', key: 'k', name: 'me.pdf', size: 4, type: 'application/pdf' },
    });
  });
});
