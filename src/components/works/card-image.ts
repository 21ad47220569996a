/** How wide the browser makes a screenshot's thumbnail (features/submit/make-thumbnail.ts). */
export const THUMBNAIL_WIDTH = 640;

/**
 * Attributes every card thumbnail `<img>` carries (lean images: a gallery page stays light): the
 * intrinsic size of a 16:10 card thumbnail (made 640 px wide, see
 * features/submit/make-thumbnail.ts) so the browser reserves the box before the file arrives (no
 * layout shift; CSS still sizes and crops it), lazy loading for cards below the fold, and decoding
 * off the main thread.
 */
export const CARD_IMAGE_PROPS = {
  width: THUMBNAIL_WIDTH,
  height: (THUMBNAIL_WIDTH * 10) / 16,
  loading: "lazy",
  decoding: "async",
  // Lets tests (and styles) tell a card's thumbnail from the author's avatar beside it.
  "data-card-thumbnail": true,
} as const;

/**
 * The thumbnail attributes for the card at `position` in a list: the first row is on screen at
 * once (the first card's image is usually the page's largest paint), so it is fetched at once
 * instead of after layout, the very first with high priority; the rest load lazily.
 */
export function cardImageProps(position?: number) {
  if (position === undefined || position >= FIRST_ROW) return CARD_IMAGE_PROPS;
  return { ...CARD_IMAGE_PROPS, loading: "eager", fetchPriority: position === 0 ? "high" : "auto" } as const;
}

/** Cards in a row at the widest layout (lg:grid-cols-3). */
const FIRST_ROW = 3;
