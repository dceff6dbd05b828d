/** Secrets the API hands out (session, reset and link tokens) and the hashes it keeps of them. */
import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 256 random bits, URL-safe: for tokens that travel in cookies, headers and links. */
export const randomToken = () => randomBytes(32).toString('base64url');
