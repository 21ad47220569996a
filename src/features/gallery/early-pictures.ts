import { convexSiteUrl } from "@/lib/share-link";
import { GALLERY_COVERS, galleryCoverPath } from "../../../convex/model/shareLinks";
import { hasActiveFilters, type GalleryFilters } from "./gallery-params";

/**
 * Where the pictures of the plain gallery's first cards (newest first, nothing narrowed, as a grid)
 * are served by position (convex/covers.ts), for the prerendered /projects to show before its data
 * has arrived; none for any other gallery, or without a known HTTP-action site.
 */
export function earlyGalleryPictures(filters: GalleryFilters, siteUrl: string | null = convexSiteUrl()): string[] {
  if (!siteUrl || filters.view !== "grid" || filters.sort !== "newest" || hasActiveFilters(filters)) return [];
  return Array.from({ length: GALLERY_COVERS }, (_, position) => siteUrl + galleryCoverPath(position));
}
