/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (UTF-8, percent-encoded) when
 * present, else `filename`, quoted or not; `fallback` when it names none. Anything that could name a folder
 * is dropped.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2])?.trim();
  }
  const safe = name?.split(/[/\\]/).pop()?.trim();
  return safe ? safe : fallback;
}

/** Hands a file to the browser to save, under its name. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download from the URL by now; keeping it a moment longer costs nothing.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
