/**
 * The one picture store: what members attach to ticket messages, after-sales cases and
 * evaluations. Each upload is checked (the file name's type, the type the data URL declares and
 * the type the bytes really are must agree; at most TICKET_ATTACHMENT_MAX_BYTES), kept in the
 * attachments table, and served at /api/ticket/attachment/{id} (the path tickets had first). The
 * id is 128 random bits, so the URL can sit in an <img> (which sends no access token) without
 * letting anyone list or guess another member's pictures.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { TICKET_ATTACHMENT_MAX_BYTES } from '../../src/lib/constants.ts';
import { IMAGE_EXTENSION_PATTERN } from '../../src/lib/validation/patterns.ts';
import { failureAnswer, fieldFailure } from './kit.ts';

const ATTACHMENT_PATH = '/api/ticket/attachment';

/** Each type's first bytes ("magic numbers"): a renamed or mislabelled file does not pass. */
const SIGNATURES: ReadonlyArray<{ mime: string; magic: readonly number[] }> = [
  { mime: 'image/gif', magic: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { mime: 'image/bmp', magic: [0x42, 0x4d] }, // BM
];
const MIME_OF_EXTENSION: Readonly<Record<string, string>> = {
  gif: 'image/gif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  bmp: 'image/bmp',
};

const sniff = (bytes: Uint8Array) => SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b))?.mime ?? null;

export interface Upload {
  name: string;
  dataUrl: string;
}
export interface StoredAttachment {
  attachmentId: string;
  name: string;
  url: string;
}

/**
 * One upload's picture, or its refusal on `field`: the extension, the declared type and the bytes
 * must agree on one of the picture types, within the size.
 */
export function checkUpload({ name, dataUrl }: Upload, field = 'attachments'): { name: string; mime: string; bytes: Uint8Array } {
  const extension = IMAGE_EXTENSION_PATTERN.test(name) ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const declared = /^data:([^;,]+);base64,/.exec(dataUrl);
  const bytes = new Uint8Array(Buffer.from(dataUrl.slice(declared?.[0].length ?? 0), 'base64'));
  const mime = MIME_OF_EXTENSION[extension];
  if (!mime || declared?.[1] !== mime || sniff(bytes) !== mime)
    throw fieldFailure('TK_ATTACHMENT_TYPE', `${name}: only gif, png, jpeg and bmp pictures`, field);
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES)
    throw fieldFailure('TK_ATTACHMENT_SIZE', `${name}: at most ${TICKET_ATTACHMENT_MAX_BYTES} bytes`, field);
  return { name, mime, bytes };
}

/** Checks every upload first, then stores them all: one bad picture refuses the message. Runs in the caller's transaction. */
export function storeAttachments(db: DatabaseSync, memberId: string, uploads: Upload[], at: number): StoredAttachment[] {
  const checked = uploads.map((upload) => checkUpload(upload));
  const insert = db.prepare('INSERT INTO attachments (id, member_id, name, mime, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  return checked.map(({ name, mime, bytes }) => {
    const attachmentId = randomBytes(16).toString('hex');
    insert.run(attachmentId, memberId, name, mime, bytes, at);
    return { attachmentId, name, url: `${ATTACHMENT_PATH}/${attachmentId}` };
  });
}

/** Serves a stored picture: its own type, never sniffed by the browser, cached for good (it never changes). */
export function registerPictureRoute(app: Hono, db: DatabaseSync): void {
  app.get(`${ATTACHMENT_PATH}/:id`, (c) => {
    const row = db.prepare('SELECT mime, bytes FROM attachments WHERE id = ?').get(c.req.param('id')) as
      { mime: string; bytes: Uint8Array } | undefined;
    if (!row) return failureAnswer(c, 'NOT_FOUND', 'No such attachment', 404);
    return c.body(new Uint8Array(row.bytes), 200, {
      'Content-Type': row.mime,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
}
