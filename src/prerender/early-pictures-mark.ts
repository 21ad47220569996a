// On <html> when the page was opened as the plain gallery and its inline scripts showed the first
// cards' pictures before any JavaScript of the app had run (scripts/vite-prerender.ts earlyOrNow
// sets it, SHOW_EARLY_PICTURES reads it). The cards then keep those pictures, already in the
// browser's cache, behind their own until these arrive (src/features/gallery/early-pictures.ts).
// No imports: the build loads this through Node.
export const EARLY_PICTURES_MARK = "data-early-pictures";
