/**
 * A file name that is safe inside a quoted `Content-Disposition` header, however it was named by the
 * person who uploaded it: the characters a person would type (letters, digits, `_`, `.`, `-`, spaces)
 * stay, every run of anything else (quotes, backslashes, line breaks, other scripts) becomes one `_`, so
 * nothing can end the header or the quoted string. At most 120 characters; nothing left is `file`.
 * Local disk, S3's presigned downloads and the campaign files' public route all name files this way.
 */
export function safeFileName(name: string): string {
  return name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'file';
}
