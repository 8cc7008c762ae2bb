/** Spec §9 image sizes: cart 150, thumbnails 255, gallery 500, zoom 1920 (square, resized). */
export type ImageSize = 150 | 255 | 500 | 1920;

/** The resized picture of a catalogue image path; null without an image. */
export function imageUrl(image: string | undefined | null, size: ImageSize): string | null {
  if (!image) return null;
  return `/img/${size}/${size}/resize${image.startsWith('/') ? image : `/${image}`}`;
}
