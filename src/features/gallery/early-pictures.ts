import { convexSiteUrl } from "@/lib/share-link";
import { EARLY_PICTURES_MARK } from "@/prerender/early-pictures-mark";
import { GALLERY_COVER_MAX_AGE_SECONDS, GALLERY_COVERS, galleryCoverPath } from "../../../convex/model/shareLinks";
import { hasActiveFilters, type GalleryFilters } from "./gallery-params";

const isPlainGallery = (filters: GalleryFilters) => filters.view === "grid" && filters.sort === "newest" && !hasActiveFilters(filters);

/**
 * Where the pictures of the plain gallery's first cards (newest first, nothing narrowed, as a grid)
 * are served by position (convex/covers.ts), for the prerendered /projects to show before its data
 * has arrived; none for any other gallery, or without a known HTTP-action site.
 */
export function earlyGalleryPictures(filters: GalleryFilters, siteUrl: string | null = convexSiteUrl()): string[] {
  if (!siteUrl || !isPlainGallery(filters)) return [];
  return Array.from({ length: GALLERY_COVERS }, (_, position) => siteUrl + galleryCoverPath(position));
}

/**
 * Whether the browser still holds the early pictures: this page load showed them (the prerendered
 * page's scripts mark <html>) and they are kept for a minute.
 */
function earlyPicturesHeld(): boolean {
  if (typeof document === "undefined" || !document.documentElement.hasAttribute(EARLY_PICTURES_MARK)) return false;
  return performance.now() < GALLERY_COVER_MAX_AGE_SECONDS * 1000;
}

/**
 * What the plain gallery's first cards show behind their own pictures until these have arrived,
 * by position: the early pictures, while the browser holds them, so the page does not flash grey
 * between the two (the same work's picture, unless a work was posted in between). None
 * otherwise.
 */
export function earlyCardBackdrops(
  filters: GalleryFilters,
  siteUrl: string | null = convexSiteUrl(),
  held: boolean = earlyPicturesHeld(),
): string[] {
  return held ? earlyGalleryPictures(filters, siteUrl) : [];
}
