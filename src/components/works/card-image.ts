/**
 * Attributes every card thumbnail `<img>` carries (issue 16, lean images): the intrinsic size of a
 * 16:10 card thumbnail (made 640 px wide, see features/submit/make-thumbnail.ts) so the browser
 * reserves the box before the file arrives (no layout shift; CSS still sizes and crops it), lazy
 * loading for cards below the fold, and decoding off the main thread.
 */
export const CARD_IMAGE_PROPS = {
  width: 640,
  height: 400,
  loading: "lazy",
  decoding: "async",
  // Lets tests (and styles) tell a card's thumbnail from the author's avatar beside it.
  "data-card-thumbnail": true,
} as const;
