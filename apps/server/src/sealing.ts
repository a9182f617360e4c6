import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

/**
 * A key that seals a secret kept at rest (payout details, connected accounts' tokens), named by a
 * fingerprint so a sealed value says which key it needs.
 */
export type SealingKey = { id: string; key: Buffer };

export function sealingKey(key: Buffer): SealingKey {
  if (key.length !== 32) throw new Error('A sealing key must be 32 bytes (AES-256).');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export class SealedWithAnotherKey extends Error {
  constructor(keyId: string) {
    super(`This value was sealed with another key (${keyId}): was PAYOUT_DETAILS_KEY changed?`);
  }
}

/** A key of its own for one kind of secret, derived from the install's sealing key (HKDF-SHA256). */
export function derivedSealingKey(key: Buffer, purpose: string): SealingKey {
  return sealingKey(Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)));
}

/**
 * AES-256-GCM with a fresh nonce. `context` (the creator's id, say) is bound in as associated data, so a
 * sealed value copied onto another creator's row does not open.
 */
export function seal(key: SealingKey, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, key.id, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of a sealed value; throws when it was sealed with another key, or altered. */
export function open(key: SealingKey, sealed: string, context: string): string {
  const [version, keyId, nonce, ciphertext, tag] = sealed.split('.');
  if (version !== VERSION || !keyId || nonce === undefined || ciphertext === undefined || !tag) {
    throw new Error('Not a sealed value.');
  }
  if (keyId !== key.id) throw new SealedWithAnotherKey(keyId);
  const decipher = createDecipheriv(ALGORITHM, key.key, Buffer.from(nonce, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
