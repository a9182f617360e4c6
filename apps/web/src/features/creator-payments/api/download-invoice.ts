import type { PaymentInvoiceBody } from '@platform/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetchFile } from '../../../lib/api-client';
import { fileNameFromDisposition, saveFile } from '../../../lib/downloads';
import { isInNativeApp, postToNativeApp } from '../../../lib/native-bridge';
import { paymentInvoicePath } from './paths';

/** The name SPEC §7 gives an invoice whose response names none. */
export const DEFAULT_INVOICE_FILE_NAME = 'invoice.pdf';

const PDF = 'application/pdf';

/** The invoice's file name from the server's Content-Disposition, `invoice.pdf` when it names none (SPEC §7). */
export const invoiceFileName = (contentDisposition: string | null) =>
  fileNameFromDisposition(contentDisposition, DEFAULT_INVOICE_FILE_NAME);

/** A file's bytes as base64, as the mobile app takes a download (SPEC §7). */
export async function toBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // fromCharCode takes its characters as arguments: in slices, so that a large file stays under the
  // engine's argument limit.
  const SLICE = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/**
 * Gives the file to the mobile app, whose WebView cannot save a download itself: first that a download
 * starts, then its bytes as base64 (SPEC §7).
 */
async function sendToNativeApp(file: Blob, fileName: string): Promise<void> {
  postToNativeApp({ type: 'fileDownloadStart', fileName });
  const base64 = await toBase64(file);
  postToNativeApp({ type: 'fileData', fileName, mimeType: file.type || PDF, base64 });
}

/**
 * The invoice of one of the creator's payments, or the credit note that cancelled it (POST
 * /server-api/creator/payment/invoice), saved under the name the server gives it: by the browser, or inside
 * the mobile app by the app.
 */
export async function downloadInvoice({ paymentId, document }: PaymentInvoiceBody): Promise<string> {
  const { file, contentDisposition } = await apiFetchFile(paymentInvoicePath, {
    method: 'POST',
    body: (document === 'CREDIT_NOTE' ? { paymentId, document } : { paymentId }) satisfies PaymentInvoiceBody,
    accept: PDF,
  });
  const fileName = invoiceFileName(contentDisposition);
  if (isInNativeApp()) await sendToNativeApp(file, fileName);
  else saveFile(file, fileName);
  return fileName;
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
