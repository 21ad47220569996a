// <link rel="canonical">: the page's address without its query string (filters and sorts are
// views of one page), hoisted into <head> by React.
import { useLocation } from "react-router-dom";

export function CanonicalLink() {
  const { pathname } = useLocation();
  return <link rel="canonical" href={`${window.location.origin}${pathname}`} />;
}
