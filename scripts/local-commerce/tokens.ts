/** Secrets the API hands out (session, reset and link tokens) and the hashes it keeps of them. */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 256 random bits, URL-safe: for tokens that travel in cookies, headers and links. */
export const randomToken = () => randomBytes(32).toString('base64url');

// The key is derived from a token the API keeps only hashed (its hash is sha256 of the token
// alone, so the two never meet): what is sealed with a token opens only for whoever shows it.
const keyOf = (token: string) => createHash('sha256').update(`seal\0${token}`).digest();

/** `secret` encrypted (AES-256-GCM) under a key only the holder of `token` can derive. */
export function sealWithToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** What sealWithToken sealed with this token; null for another token or a damaged seal. */
export function openWithToken(token: string, sealed: string): string | null {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
