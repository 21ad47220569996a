import { useNavigationPending } from "@/lib/navigation-pending";

/** Thin bar at the top while a lazily loaded page is fetched, so slow links feel responsive. */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div aria-hidden className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden">
      <div className="bg-brand-gradient h-full origin-left animate-nav-progress" />
    </div>
  );
}
