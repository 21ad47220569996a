import { useEffect } from "react";
import { pageTitle } from "@/config/site";

/**
 * React 19 hoists <title> into <head>, so each page names its own browser tab. A page that has a
 * description of its own (a work, a profile) puts it in the document's one
 * <meta name="description"> (index.html's site description) while it is shown.
 */
export function PageTitle({ title, description }: { title?: string; description?: string }) {
  useEffect(() => {
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta || !description) return;
    const siteDescription = meta.content;
    meta.content = description;
    return () => {
      meta.content = siteDescription;
    };
  }, [description]);
  return <title>{pageTitle(title)}</title>;
}
