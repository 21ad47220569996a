import { convexSiteUrl } from "@/lib/share-link";
import { coverPath } from "../../../convex/model/shareLinks";

/**
 * Where the work's cover is served by its id alone (convex/share.ts coverImage), or null without
 * a known HTTP-action site.
 */
export function earlyCoverUrl(id: string, siteUrl: string | null = convexSiteUrl()): string | null {
  return siteUrl ? siteUrl + coverPath(id) : null;
}

/**
 * The work's cover, over the skeleton of its screenshots while the page's data loads. The build's
 * prerendered frame holds this <img> too, and its inline script points it at the address's work
 * (data-path-src; scripts/vite-prerender.ts), so a phone shows the picture before any JavaScript
 * has run, and this render finds it in the cache. A work without one answers 404: nothing shows.
 */
export function EarlyCover({ id }: { id: string }) {
  const src = earlyCoverUrl(id);
  if (!src) return null;
  return (
    <img
      data-path-src=""
      src={src}
      alt=""
      fetchPriority="high"
      className="absolute inset-0 size-full object-contain"
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
    />
  );
}
