import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_URI, parseServiceAccount } from './service-account';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const keyBody = privateKey.split('\n')[1] ?? '';

const keyFile = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'campaign-platform',
    private_key_id: '3f2a',
    private_key: privateKey,
    client_email: 'firebase-adminsdk@campaign-platform.iam.gserviceaccount.com',
    client_id: '1234',
    ...fields,
  });

const errorOf = (json: string) => {
  try {
    parseServiceAccount(json);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the service account to be refused');
};

describe('parseServiceAccount', () => {
  it('reads a Google service-account key file, with Google’s token endpoint when it names none', () => {
    expect(parseServiceAccount(keyFile())).toEqual({
      project_id: 'campaign-platform',
      client_email: 'firebase-adminsdk@campaign-platform.iam.gserviceaccount.com',
      private_key: privateKey,
      token_uri: GOOGLE_TOKEN_URI,
    });
  });

  it('restores line breaks written as \\n, as when the key was pasted into an environment variable', () => {
    const flattened = keyFile({ private_key: privateKey.replace(/\n/g, '\\n') });
    expect(parseServiceAccount(flattened).private_key).toBe(privateKey);
  });

  it('names every missing field', () => {
    expect(errorOf(keyFile({ project_id: undefined, private_key: ' ' }))).toBe(
      'The FCM service account is missing project_id, private_key.',
    );
    expect(errorOf(keyFile({ client_email: 42 }))).toBe('The FCM service account is missing client_email.');
  });

  it('refuses credentials that are not a service account', () => {
    expect(errorOf(keyFile({ type: 'authorized_user' }))).toContain('(found "authorized_user")');
    expect(errorOf(keyFile({ type: undefined }))).toContain('(found no type)');
    expect(errorOf('[]')).toBe(
      'The FCM service account must be a JSON object (a Google service-account key file).',
    );
  });

  it('says the JSON is broken without quoting it, since it holds the private key', () => {
    const broken = keyFile().replace('"type"', 'type');
    const message = errorOf(broken.slice(0, 40) + keyBody + ',}');
    expect(message).toBe(
      'The FCM service account is not valid JSON: use the key file exactly as Google issued it.',
    );
    expect(errorOf(keyFile().slice(0, -2))).not.toContain(keyBody.slice(0, 20));
  });

  it('refuses a private key it cannot read, without quoting it', () => {
    const truncated = privateKey.slice(0, 200) + '\n-----END PRIVATE KEY-----\n';
    const message = errorOf(keyFile({ private_key: truncated }));
    expect(message).toBe('The FCM service account’s private_key cannot be read as a private key.');
    expect(message).not.toContain(keyBody);
    expect(errorOf(keyFile({ private_key: 'not a key' }))).toBe(
      'The FCM service account’s private_key is not a PKCS #8 PEM private key.',
    );
  });

  it('refuses a client_email that is not an email address', () => {
    expect(errorOf(keyFile({ client_email: 'firebase-adminsdk' }))).toContain('client_email');
  });

  it('accepts a token endpoint over https, or over http on loopback only', () => {
    expect(parseServiceAccount(keyFile({ token_uri: 'http://127.0.0.1:4010/token' })).token_uri).toBe(
      'http://127.0.0.1:4010/token',
    );
    expect(errorOf(keyFile({ token_uri: 'http://oauth.example.com/token' }))).toBe(
      'The FCM service account’s token_uri must be an https URL.',
    );
    expect(errorOf(keyFile({ token_uri: 'not a url' }))).toContain('token_uri');
  });
});
