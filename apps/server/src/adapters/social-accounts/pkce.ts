import { createHash, randomBytes } from 'node:crypto';

// Proof Key for Code Exchange (RFC 7636): the verifier stays with the creator's session on our server, its
// S256 challenge goes to the platform with the creator, and only a token request that brings the verifier
// can use the code the platform sends back.

/** base64url without padding, as RFC 7636 §4.2 and OAuth's state values use it. */
function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** S256: base64url(SHA-256(verifier)), RFC 7636 §4.2. */
export function pkceChallengeOf(codeVerifier: string): string {
  return base64url(createHash('sha256').update(codeVerifier, 'ascii').digest());
}

/** A verifier of 43 characters from 32 random bytes (the least RFC 7636 §4.1 allows), and its challenge. */
export function newPkcePair(): { codeVerifier: string; codeChallenge: string } {
  const codeVerifier = base64url(randomBytes(32));
  return { codeVerifier, codeChallenge: pkceChallengeOf(codeVerifier) };
}

/** An unguessable `state` for one authorization request, compared when the platform sends the creator back. */
export function newOAuthState(): string {
  return base64url(randomBytes(24));
}
