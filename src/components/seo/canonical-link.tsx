// <link rel="canonical">: the page's address without its query string (filters and sorts are
// views of one page), hoisted into <head> by React. The site's origin is the browser's, so the
// prerendered HTML (built before the site has an address) leaves it to the browser.
import { useLocation } from "react-router-dom";
import { useHydrated } from "@/lib/use-hydrated";

export function CanonicalLink() {
  const { pathname } = useLocation();
  if (!useHydrated()) return null;
  return <link rel="canonical" href={`${window.location.origin}${pathname}`} />;
}
