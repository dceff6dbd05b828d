/**
 * Pictures sent with ticket messages: only gif, png, jpeg and bmp whose bytes are what the name
 * and the data URL say, at most 2 MB each and 3 a message; served back with their own type,
 * never sniffed, cached for good.
 */
import { describe, expect, it } from 'vitest';
import { call, expectFailure, expectSuccess, login, memberState, sampleEnv } from '../../fixtures/commerce-app.ts';

const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  bmp: [0x42, 0x4d],
} as const;

/** A picture of `size` bytes starting with a type's magic number. */
const bytesOf = (type: keyof typeof MAGIC, size = 64) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(MAGIC[type]).copy(bytes);
  return bytes;
};
const upload = (name: string, mime: string, bytes: Buffer) => ({ name, dataUrl: `data:${mime};base64,${bytes.toString('base64')}` });
const reply = (attachments: Array<{ name: string; dataUrl: string }>) => ({ ticketId: 'T0002', text: '附上照片。', attachments });

describe('ticket attachments', () => {
  it('stores gif, png, jpeg and bmp pictures and serves them back as they came', async () => {
    const { app } = sampleEnv();
    const { token } = await login(app);
    const pictures = [
      upload('photo.png', 'image/png', bytesOf('png')),
      upload('label.JPG', 'image/jpeg', bytesOf('jpeg')),
      upload('stain.gif', 'image/gif', bytesOf('gif')),
    ];
    const ticket = expectSuccess('ticketReply', await call(app, 'ticketReply', reply(pictures), { token }));
    const attachments = ticket.messages.at(-1)!.attachments;
    expect(attachments.map((a) => a.name)).toEqual(['photo.png', 'label.JPG', 'stain.gif']);
    for (const [i, attachment] of attachments.entries()) {
      expect(attachment.attachmentId).toMatch(/^[0-9a-f]{32}$/);
      expect(attachment.url).toBe(`/api/ticket/attachment/${attachment.attachmentId}`);
      const res = await app.request(attachment.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(['image/png', 'image/jpeg', 'image/gif'][i]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer()).toString('base64')).toBe(pictures[i]!.dataUrl.split(',')[1]);
    }
    const bmp = expectSuccess(
      'ticketCreate',
      await call(
        app,
        'ticketCreate',
        { category: 'PRODUCT', subject: '瑕疵', text: '請看照片', attachments: [upload('a.bmp', 'image/bmp', bytesOf('bmp'))] },
        { token },
      ),
    );
    expect((await app.request(bmp.messages[0]!.attachments[0]!.url)).headers.get('content-type')).toBe('image/bmp');
    const unknown = await app.request(`/api/ticket/attachment/${'0'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, msgCode: 'NOT_FOUND' });
  });

  it('refuses a picture whose bytes, name and declared type disagree, changing nothing', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    for (const bad of [
      upload('photo.png', 'image/png', bytesOf('jpeg')), // the bytes are a JPEG
      upload('photo.png', 'image/jpeg', bytesOf('jpeg')), // the name says PNG
      upload('photo.jpg', 'image/png', bytesOf('png')), // the name says JPEG
      upload('page.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ])
      expectFailure(
        await call(app, 'ticketReply', reply([upload('ok.png', 'image/png', bytesOf('png')), bad]), { token }),
        'TK_ATTACHMENT_TYPE',
        {
          field: 'attachments',
        },
      );
    // What the contract refuses before: another extension, another declared type.
    expectFailure(
      await call(app, 'ticketReply', reply([upload('notes.txt', 'image/png', bytesOf('png'))]), { token }),
      'TK_ATTACHMENT_TYPE',
      {
        field: 'attachments.0.name',
      },
    );
    expectFailure(
      await call(app, 'ticketReply', reply([upload('a.svg.png', 'image/svg+xml', bytesOf('png'))]), { token }),
      'TK_ATTACHMENT_TYPE',
      {
        field: 'attachments.0.dataUrl',
      },
    );
    expect(memberState(db)).toEqual(before);
  });

  it('takes a picture of up to 2 MB (2,097,152 bytes) and at most 3 a message', async () => {
    const { app, db } = sampleEnv();
    const { token } = await login(app);
    const before = memberState(db);
    const tooBig = upload('big.png', 'image/png', bytesOf('png', 2 * 1024 * 1024 + 1));
    expectFailure(await call(app, 'ticketReply', reply([tooBig]), { token }), 'TK_ATTACHMENT_SIZE', { field: 'attachments' });
    const four = Array.from({ length: 4 }, (_, i) => upload(`p${i}.png`, 'image/png', bytesOf('png')));
    expectFailure(await call(app, 'ticketReply', reply(four), { token }), 'TK_ATTACHMENT_COUNT', { field: 'attachments' });
    expect(memberState(db)).toEqual(before);
    const largest = upload('large.png', 'image/png', bytesOf('png', 2 * 1024 * 1024));
    const ticket = expectSuccess('ticketReply', await call(app, 'ticketReply', reply([largest, ...four.slice(0, 2)]), { token }));
    const stored = await app.request(ticket.messages.at(-1)!.attachments[0]!.url);
    expect((await stored.arrayBuffer()).byteLength).toBe(2_097_152);
  });
});
