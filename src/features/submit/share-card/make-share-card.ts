// Makes a work's share card in the browser: loads the first screenshot (the picked file, or the
// stored original when editing) and the author's photo, then draws and encodes it
// (src/lib/share-card/encode-card.ts).
import { loadCardImage, renderCard, type CardImageSource } from "@/lib/share-card/encode-card";
import { drawShareCard } from "./draw-share-card";

export type { CardImageSource };

export type ShareCardInput = {
  title: string;
  isZeroCode: boolean;
  screenshot: CardImageSource;
  author: { id: string; displayName: string; photoUrl: string | null };
};

/** Draws and encodes the card; throws when the screenshot cannot be read or the canvas fails. */
export async function makeShareCard(input: ShareCardInput): Promise<Blob> {
  const photo = input.author.photoUrl;
  const [screenshot, avatar] = await Promise.all([
    loadCardImage(input.screenshot),
    // A photo that cannot be read (another site without CORS) gives way to the initials.
    photo ? loadCardImage(photo).catch(() => null) : Promise.resolve(null),
  ]);
  try {
    return await renderCard(`${input.title}${input.author.displayName}ゼロコード`, (ctx, family) =>
      drawShareCard(
        ctx,
        {
          title: input.title,
          authorName: input.author.displayName,
          authorId: input.author.id,
          isZeroCode: input.isZeroCode,
          screenshot,
          avatar,
        },
        family,
      ),
    );
  } finally {
    screenshot.close();
    avatar?.close();
  }
}
