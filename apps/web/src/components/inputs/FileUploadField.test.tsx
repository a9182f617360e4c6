import { FILE_UPLOAD_MESSAGES, UPLOAD_MAX_BYTES, acceptAttribute } from '@platform/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/api-mock';
import { fieldErrorOf } from '../../test/render';
import { formatFileSize } from './file-size';
import {
  FileUploadField,
  type FileUploadFieldProps,
  type UploadFile,
  type UploadedFile,
} from './FileUploadField';
import { renderWidget } from '../../test/render-widget';

type Overrides = Partial<Omit<FileUploadFieldProps, 'value' | 'onChange'>> & {
  initialValue?: UploadedFile | null;
};

function Harness({
  initialValue = null,
  onChangeSpy,
  upload = () => Promise.resolve({ url: 'https://files.test/put', key: 'uploads/key' }),
  ...props
}: Overrides & { onChangeSpy: (value: UploadedFile | null) => void }) {
  const [value, setValue] = useState(initialValue);
  return (
    <FileUploadField
      label="Campaign asset"
      upload={upload}
      {...props}
      value={value}
      onChange={(next) => {
        onChangeSpy(next);
        setValue(next);
      }}
    />
  );
}

function renderUpload(overrides: Overrides = {}) {
  const onChange = vi.fn<(value: UploadedFile | null) => void>();
  const view = renderWidget(<Harness onChangeSpy={onChange} {...overrides} />, { applyAccept: false });
  return { ...view, onChange, input: () => screen.getByLabelText('Campaign asset') };
}

const photo = () => new File(['png-bytes'], 'photo.png', { type: 'image/png' });

function fileOfSize(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('FileUploadField', () => {
  // jsdom has no object URLs; the setup file unstubs globals after each test.
  const createObjectURL = vi.fn(() => 'blob:preview');
  const revokeObjectURL = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL }));
  });

  it('ignores remove while uploading, shows progress, and removes once the upload is done', async () => {
    const answer = deferred<{ url: string; key: string }>();
    let reportProgress!: (percent: number) => void;
    const upload = vi.fn<UploadFile>((_file, onProgress) => {
      reportProgress = onProgress;
      return answer.promise;
    });
    const { user, input, onChange } = renderUpload({ upload });

    await user.upload(input(), photo());
    expect(await screen.findByText('Uploading… 0%')).toBeInTheDocument();
    act(() => reportProgress(42));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading photo.png' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toHaveAttribute('src', 'blob:preview');

    const removeButton = screen.getByRole('button', { name: 'Remove photo.png' });
    expect(removeButton).toHaveAttribute('aria-disabled', 'true');
    await user.click(removeButton);
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => answer.resolve({ url: 'https://files.test/put', key: 'uploads/photo.png' }));
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({
      url: 'https://files.test/put',
      key: 'uploads/photo.png',
      name: 'photo.png',
      size: photo().size,
      type: 'image/png',
    });

    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('refuses a file over 250 MB with the spec message', async () => {
    const upload = vi.fn<UploadFile>();
    const { user, input } = renderUpload({ upload });

    await user.upload(input(), fileOfSize('clip.mp4', 'video/mp4', UPLOAD_MAX_BYTES + 1));

    await waitFor(() => expect(fieldErrorOf(input())).toHaveTextContent(FILE_UPLOAD_MESSAGES.tooLarge));
    expect(screen.getByText('File size exceeds the maximum limit of 250 MB.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file type outside the accept list', async () => {
    const upload = vi.fn<UploadFile>();
    const { user, input } = renderUpload({ upload, kinds: ['image'] });

    await user.upload(input(), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(fieldErrorOf(input())).toHaveTextContent(FILE_UPLOAD_MESSAGES.typeNotAllowed));
    expect(upload).not.toHaveBeenCalled();
  });

  it('offers only the accepted kinds to the file chooser', () => {
    const { input } = renderUpload({ kinds: ['pdf'] });
    expect(input()).toHaveAttribute('accept', acceptAttribute(['pdf']));
    expect(screen.getByText('PDF · up to 250 MB')).toBeInTheDocument();
  });

  it.each([
    [new Error(FILE_UPLOAD_MESSAGES.uploadUrlFailed), 'Failed to generate upload url.'],
    [new Error(FILE_UPLOAD_MESSAGES.uploadFailed), 'File upload failed.'],
    [new TypeError('Failed to fetch'), 'File upload failed.'],
  ])('shows the spec message when the upload rejects with %s', async (failure, message) => {
    const upload = vi.fn<UploadFile>(() => Promise.reject(failure));
    const { user, input } = renderUpload({ upload });

    await user.upload(input(), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });

  it('shows a file-type icon, name and size for files that are not images', async () => {
    const { user, input } = renderUpload();
    await user.upload(input(), fileOfSize('brief.pdf', 'application/pdf', 1536));
    expect(await screen.findByText('brief.pdf')).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows an existing upload and its error with the warning icon', () => {
    renderUpload({
      initialValue: { url: 'u', key: 'k', name: 'logo.webp', size: 2048, type: 'image/webp' },
      error: FILE_UPLOAD_MESSAGES.missing,
    });
    expect(screen.getByRole('group', { name: 'Campaign asset' })).toHaveTextContent('logo.webp');
    expect(screen.getByText('Please select a file to upload.')).toBeInTheDocument();
    expect(document.querySelector('.tabler-icon-alert-triangle')).not.toBeNull();
  });

  it('cannot be used while disabled', () => {
    renderUpload({ disabled: true });
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeDisabled();
  });
});

describe('formatFileSize', () => {
  it('uses binary multiples like the upload limit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(UPLOAD_MAX_BYTES)).toBe('250 MB');
  });
});
