/** The body background of a page, from its CMS settings. */
import type { z } from 'zod';
import type { backgroundSchema } from './schema.ts';

export type Background = z.infer<typeof backgroundSchema>;

const FIT_CSS: Record<Background['fit'], string> = {
  FILL: 'background-size: cover; background-position: center; background-repeat: no-repeat',
  MIDDLE: 'background-size: auto; background-position: center; background-repeat: no-repeat',
  STRETCHING: 'background-size: 100% 100%; background-repeat: no-repeat',
  RESPONSIVE: 'background-size: 100% auto; background-position: top center; background-repeat: no-repeat',
  TILE: 'background-size: auto; background-repeat: repeat',
};

/** CSS declarations for <body>; empty when the page has no background. */
export function backgroundCss(background: Background | null | undefined): string {
  if (!background) return '';
  const rules: string[] = [];
  if (background.color) rules.push(`background-color: ${background.color}`);
  if (background.imageUrl) {
    // The schema only lets through URLs without whitespace; quotes are escaped for the CSS string.
    rules.push(`background-image: url("${background.imageUrl.replace(/["\\]/g, '\\$&')}")`);
    rules.push(`background-attachment: ${background.attachment}`);
    rules.push(FIT_CSS[background.fit]);
  }
  return rules.join('; ');
}
