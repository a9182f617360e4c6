import { describe, expect, it } from 'vitest';
import {
  FILE_ACCEPT,
  acceptAttribute,
  fileExtension,
  fileKindOf,
  fileUploadMessage,
  fileUploadSchema,
  isAcceptedFile,
} from './files';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const MB = 1024 * 1024;

describe('file accept lists', () => {
  it('lists the spec’s extensions per kind', () => {
    expect(FILE_ACCEPT.image.extensions).toEqual(['jpg', 'jpeg', 'png', 'webp']);
    expect(FILE_ACCEPT.video.extensions).toEqual(['mp4', 'mov']);
    expect(FILE_ACCEPT.audio.extensions).toEqual(['mp3', 'wav', 'ogg']);
    expect(FILE_ACCEPT.pdf.extensions).toEqual(['pdf']);
  });

  it('builds an accept attribute from extensions and MIME types', () => {
    expect(acceptAttribute(['image'])).toBe('.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp');
    expect(acceptAttribute(['video', 'pdf'])).toBe(
      '.mp4,.mov,video/mp4,video/quicktime,.pdf,application/pdf',
    );
  });

  it.each([
    ['photo.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['noextension', ''],
    ['.hidden', ''],
  ])('reads the extension of %s', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });

  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg' }, 'image'],
    [{ name: 'a.JPEG', type: 'image/jpeg' }, 'image'],
    [{ name: 'a.webp', type: '' }, 'image'],
    [{ name: 'a.mov', type: 'video/quicktime' }, 'video'],
    [{ name: 'a.mp4', type: 'video/mp4' }, 'video'],
    [{ name: 'a.mp3', type: 'audio/mpeg' }, 'audio'],
    [{ name: 'a.wav', type: 'audio/x-wav' }, 'audio'],
    [{ name: 'a.ogg', type: 'audio/ogg' }, 'audio'],
    [{ name: 'a.pdf', type: 'application/pdf' }, 'pdf'],
    [{ name: 'a.jpg', type: 'text/html' }, null],
    [{ name: 'a.exe', type: 'application/octet-stream' }, null],
    [{ name: 'a.svg', type: 'image/svg+xml' }, null],
    [{ name: 'a.gif', type: 'image/gif' }, null],
    [{ name: 'jpg', type: 'image/jpeg' }, null],
  ])('judges %j as %s', (file, kind) => {
    expect(fileKindOf(file)).toBe(kind);
  });

  it('limits a field to its kinds', () => {
    expect(isAcceptedFile({ name: 'a.mp4', type: 'video/mp4' }, ['video'])).toBe(true);
    expect(isAcceptedFile({ name: 'a.png', type: 'image/png' }, ['video'])).toBe(false);
  });
});

describe('file upload rule', () => {
  const videoUpload = fileUploadSchema(['video']);

  it.each([
    { name: 'clip.mp4', size: 1, type: 'video/mp4' },
    { name: 'clip.mov', size: 250 * MB, type: 'video/quicktime' },
  ])('accepts %j', (file) => {
    expect(videoUpload.safeParse(file).success).toBe(true);
    expect(fileUploadMessage(file, ['video'])).toBeNull();
  });

  it('keeps the file object itself', () => {
    const file = { name: 'clip.mp4', size: 10, type: 'video/mp4', lastModified: 1 };
    expect(videoUpload.parse(file)).toBe(file);
  });

  it.each([
    [undefined, 'Please select a file to upload.'],
    [null, 'Please select a file to upload.'],
    ['clip.mp4', 'Please select a file to upload.'],
    [{ name: 'clip.mp4' }, 'Please select a file to upload.'],
    [
      { name: 'clip.mp4', size: 250 * MB + 1, type: 'video/mp4' },
      'File size exceeds the maximum limit of 250 MB.',
    ],
    [{ name: 'clip.avi', size: 10, type: 'video/x-msvideo' }, 'This file type is not supported.'],
    [{ name: 'photo.png', size: 10, type: 'image/png' }, 'This file type is not supported.'],
  ])('rejects %j with %j', (file, message) => {
    expect(messagesOf(videoUpload.safeParse(file))).toEqual([message]);
    expect(fileUploadMessage(file, ['video'])).toBe(message);
  });

  it('accepts every listed kind by default', () => {
    expect(fileUploadSchema().safeParse({ name: 'a.pdf', size: 10, type: 'application/pdf' }).success).toBe(
      true,
    );
  });
});
