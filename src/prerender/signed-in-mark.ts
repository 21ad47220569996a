// A mark in localStorage that this browser's last known session was signed in
// (src/lib/use-signed-in-mark.ts keeps it). The prerendered pages' inline scripts read it before
// any JavaScript of the app has run: a signed-in visitor's lists leave out the creators they mute,
// which a page rendered for anyone cannot know, so they get no early pictures of a list
// (scripts/vite-prerender.ts earlyOrNow). No imports: the build loads this through Node.
export const SIGNED_IN_MARK = "vibe-gallery:signed-in";
