/**
 * The message a custom-content frame posts to the page when a link in it is clicked
 * (custom-frame.ts writes the frame's side, client/analytics.ts reads it). A module of its own
 * so the analytics script does not share a chunk with the frames' sizing script.
 */
export const FRAME_LINK_KEY = 'cmsFrameLink';
