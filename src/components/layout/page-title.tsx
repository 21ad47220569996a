import { pageTitle } from "@/config/site";

/** React 19 hoists <title> into <head>, so each page names its own browser tab. */
export function PageTitle({ title }: { title?: string }) {
  return <title>{pageTitle(title)}</title>;
}
