/**
 * The accessible names of a linked CMS picture. The picture's alt is left empty when the
 * caption shown beside it says the same (a screen reader would read it twice); the link
 * gets an aria-label only when neither alt nor caption names it, because an aria-label
 * replaces the visible text and voice users say what they see.
 */
export function linkedPictureNames(picture: { alt?: string | undefined; caption?: string | undefined; linkName?: string | undefined }): {
  alt: string;
  label: string | undefined;
} {
  const caption = picture.caption?.trim() ?? '';
  const given = picture.alt?.trim() ?? '';
  const alt = given === caption ? '' : given;
  return { alt, label: alt || caption ? undefined : picture.linkName?.trim() || undefined };
}
