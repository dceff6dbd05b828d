/**
 * Sizes each sandboxed custom-content frame to the height its document reports
 * (lib/cms/custom-frame.ts). The frame's origin is opaque, so a message is known to be a
 * frame's by its source window, not its origin.
 */
import { FRAME_CLASS, FRAME_HEIGHT_KEY } from '../lib/cms/custom-frame.ts';

/** A frame cannot make the page longer than this (a runaway script). */
const MAX_HEIGHT = 20_000;

const frames = () => document.querySelectorAll<HTMLIFrameElement>(`iframe.${FRAME_CLASS}`);

addEventListener('message', (event) => {
  const height = (event.data as Record<string, unknown> | null)?.[FRAME_HEIGHT_KEY];
  if (typeof height !== 'number' || !Number.isFinite(height)) return;
  for (const frame of frames()) {
    if (frame.contentWindow === event.source) frame.style.height = `${Math.min(Math.max(Math.ceil(height), 0), MAX_HEIGHT)}px`;
  }
});

// A frame may have reported before this script ran: ask each to say its height again.
for (const frame of frames()) frame.contentWindow?.postMessage('height?', '*');
