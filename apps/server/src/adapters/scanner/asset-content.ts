import { fileTypeFromBuffer } from 'file-type';
import { CAMPAIGN_ASSET_ACCEPT, type AssetFileType } from '@platform/shared';

/** Enough of a file's start for `file-type` to tell every kind of asset apart. */
export const SNIFF_BYTES = 4100;

/** What file-type calls each kind of asset; SVG is text, told by its first element instead. */
const SNIFFED_TYPES: Record<Exclude<AssetFileType, 'svg'>, readonly string[]> = {
  audio: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/x-wav', 'audio/vnd.wave', 'audio/opus'],
  font: ['font/ttf', 'font/otf', 'font/woff', 'font/woff2'],
  gif: ['image/gif'],
  icon: ['image/x-icon', 'image/vnd.microsoft.icon'],
  image: CAMPAIGN_ASSET_ACCEPT.image.mimeTypes,
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/quicktime'],
};

/** An SVG document: optional byte-order mark, XML prolog, comments and doctype, then an `<svg` element. */
const SVG_START = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i;

/**
 * Whether a file's first bytes are what its declared kind says it is: a PNG named `.pdf`, a script named
 * `.svg` or an executable named `.mp4` is refused before anyone is handed it.
 */
export async function contentMatches(start: Buffer, declared: AssetFileType): Promise<boolean> {
  if (declared === 'svg') {
    // file-type names an SVG with an XML prolog 'application/xml', and one without nothing at all.
    const sniffed = await fileTypeFromBuffer(start);
    return (
      SVG_START.test(start.toString('utf8')) && (sniffed === undefined || sniffed.mime === 'application/xml')
    );
  }
  const sniffed = await fileTypeFromBuffer(start);
  return sniffed !== undefined && SNIFFED_TYPES[declared].includes(sniffed.mime);
}

/** A media type without its parameters, lower-cased: 'image/PNG; x=1' is 'image/png'. */
export const bareMediaType = (value: string) => value.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Whether a file's first bytes are of the very media type it was uploaded as, for types file-type names
 * exactly (photos, PDFs): an identity document declared `image/png` must be a PNG, not an HTML page, nor
 * a JPEG, which would then be served under a type that is not its own.
 */
export async function contentIsOfType(start: Buffer, declaredType: string): Promise<boolean> {
  const sniffed = await fileTypeFromBuffer(start);
  return sniffed !== undefined && sniffed.mime === bareMediaType(declaredType);
}
