/**
 * How a mail is laid out: one list of blocks gives both its plain text and its HTML, so the two
 * parts say the same. Every text is escaped in the HTML (a product, store or member name is
 * data, never markup). Labels the pages already have (delivery methods, statuses, hem, gift
 * wrap) come from the store's own locale files, in the language the mail is composed in.
 */
import { readFileSync } from 'node:fs';
import { createTranslator, type LocaleResources, type Translate } from '../../src/lib/i18n/translator.ts';
import { escapeHtml } from './html.ts';
import type { MailBody } from './mail.ts';
import { localText, requestLanguage } from './request-language.ts';

export type Block =
  /** A paragraph. */
  | { p: string }
  /** Label and value pairs (sums, delivery). */
  | { rows: ReadonlyArray<readonly [string, string]> }
  /** Items, each with lines under it (a product and its hem, gift wrap). */
  | { items: ReadonlyArray<{ text: string; notes: readonly string[] }> }
  /** A link with what it opens. */
  | { link: string; label: string };

/** Chinese takes a full-width colon, with no space after it. */
export const colon = () => localText({ 'zh-TW': '：', 'zh-HK': '：', 'en-GB': ': ' });

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}${colon()}${value}`).join('\n');
  if ('items' in block) return block.items.map(({ text, notes }) => [text, ...notes.map((note) => `  ${note}`)].join('\n')).join('\n');
  return `${block.label}\n${block.link}`;
}

const CELL = 'padding:2px 12px 2px 0;vertical-align:top';

function blockHtml(block: Block): string {
  if ('p' in block) return `<p>${escapeHtml(block.p).replaceAll('\n', '<br>')}</p>`;
  if ('rows' in block)
    return `<table role="presentation">${block.rows
      .map(
        ([label, value]) =>
          `<tr><td style="${CELL};color:#666">${escapeHtml(label)}</td><td style="${CELL}">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`;
  if ('items' in block)
    return `<ul>${block.items
      .map(
        ({ text, notes }) =>
          `<li>${escapeHtml(text)}${notes.map((note) => `<br><small style="color:#666">${escapeHtml(note)}</small>`).join('')}</li>`,
      )
      .join('')}</ul>`;
  // The label leads to the address in the text; as a link it stands alone, without the colon.
  return `<p><a href="${escapeHtml(block.link)}">${escapeHtml(block.label.replace(/[:：]\s*$/, ''))}</a></p>`;
}

/** The mail's text and HTML from its blocks; blocks left out (false, null) are skipped. */
export function layoutMail(subject: string, blocks: ReadonlyArray<Block | false | null | undefined>): MailBody {
  const kept = blocks.filter((block): block is Block => Boolean(block));
  const lang = requestLanguage().code;
  return {
    subject,
    text: kept.map(blockText).join('\n\n'),
    html: `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;color:#222">${kept.map(blockHtml).join('')}</body></html>`,
  };
}

const dictionaries = new Map<string, LocaleResources>();

/** The store's translations (public/locales) in the language the mail is composed in. */
export function storeText(): Translate {
  const code = requestLanguage().code;
  let resources = dictionaries.get(code);
  if (!resources) {
    resources = JSON.parse(readFileSync(new URL(`../../public/locales/${code}.json`, import.meta.url), 'utf8')) as LocaleResources;
    dictionaries.set(code, resources);
  }
  return createTranslator(resources);
}

/** `someone@example.com` as `s***@example.com`: its owner knows it, others cannot write to it (and its length is not told). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
