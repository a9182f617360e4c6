import { createPrivateKey } from 'node:crypto';

/** The fields of a Google service-account key that FCM's OAuth flow uses. */
export type FcmServiceAccount = {
  project_id: string;
  client_email: string;
  /** PKCS #8 PEM, as Google issues it. */
  private_key: string;
  /** Where the signed assertion is exchanged for an access token; Google's endpoint when absent. */
  token_uri?: string;
};

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

const REQUIRED_FIELDS = ['project_id', 'client_email', 'private_key'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Reads a Google service-account key file (Firebase console: Project settings, Service accounts,
 * Generate new private key), so a bad one stops the server at start rather than at the first push.
 * Errors name what is wrong and never quote the file, which holds the private key.
 */
export function parseServiceAccount(json: string): Required<FcmServiceAccount> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // JSON.parse quotes the text around the fault, which may be the private key.
    throw new Error(
      'The FCM service account is not valid JSON: use the key file exactly as Google issued it.',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('The FCM service account must be a JSON object (a Google service-account key file).');
  }
  const fields = parsed as Record<string, unknown>;

  if (fields.type !== 'service_account') {
    const found = typeof fields.type === 'string' ? `"${fields.type.slice(0, 40)}"` : 'no type';
    throw new Error(
      `The FCM service account must have "type": "service_account" (found ${found}): ` +
        'download a service-account key, not an OAuth client or user credential.',
    );
  }
  const textOf = (field: string) => {
    const value = fields[field];
    return typeof value === 'string' && value.trim() ? value : undefined;
  };
  const [projectId, clientEmail, rawKey] = REQUIRED_FIELDS.map(textOf);
  if (!projectId || !clientEmail || !rawKey) {
    const missing = REQUIRED_FIELDS.filter((field) => !textOf(field));
    throw new Error(`The FCM service account is missing ${missing.join(', ')}.`);
  }
  if (!clientEmail.includes('@')) {
    throw new Error('The FCM service account’s client_email is not an email address.');
  }

  // A key pasted into an environment variable often arrives with its line breaks written as "\n".
  const privateKey = rawKey.includes('\n') ? rawKey : rawKey.replace(/\\n/g, '\n');
  if (!privateKey.includes('-----BEGIN PRIVATE KEY-----')) {
    throw new Error('The FCM service account’s private_key is not a PKCS #8 PEM private key.');
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new Error('The FCM service account’s private_key cannot be read as a private key.');
  }

  const tokenUri = fields.token_uri === undefined ? GOOGLE_TOKEN_URI : fields.token_uri;
  if (typeof tokenUri !== 'string' || !isSafeTokenUri(tokenUri)) {
    throw new Error('The FCM service account’s token_uri must be an https URL.');
  }
  return {
    project_id: projectId.trim(),
    client_email: clientEmail.trim(),
    private_key: privateKey,
    token_uri: tokenUri,
  };
}

/** The signed assertion is a credential for an hour: it may only travel in the clear on loopback. */
function isSafeTokenUri(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}
