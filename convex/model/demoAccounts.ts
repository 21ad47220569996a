// The demo creators can be signed in as, offline: the local Google stand-in (local-google/)
// gives an e-mail address the same Google account id every time, so the seed links each demo
// creator to the id of their demo address. Typing e.g. hana@demo.vibe-gallery.example at the
// stand-in's chooser then signs in as 佐藤はな, with her works and notifications.

/** The stand-in's account id for an e-mail: "1" + 20 digits of its SHA-256 (local-google). */
export async function standInGoogleSubject(email: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email.trim().toLowerCase())));
  const hex = Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  const number = BigInt(`0x${hex}`) % 10n ** 20n;
  return `1${number.toString().padStart(20, "0")}`;
}
