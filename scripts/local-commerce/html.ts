/** The local stand-in pages (the payment provider, the admin page) are plain HTML: every text put in them is escaped here. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
