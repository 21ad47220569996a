import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, useTransition } from "react";
import {
  parsePath,
  Router,
  useRoutes,
  type Location,
  NavigationType,
  type Navigator,
  type RouteObject,
  type UNSAFE_createBrowserHistory,
} from "react-router-dom";
import { HistoryLocationContext } from "@/lib/history-location";
import { LeaveGuardContext, LeaveGuardStore } from "@/lib/leave-guard";
import { NavigationPendingContext } from "@/lib/navigation-pending";
import { noPageDownloading, pageDownloading, subscribePageDownloads } from "./page-downloads";
import { createScrollMemory, persistScrollMemory, ScrollMemoryContext, type ScrollMemory } from "./scroll-restoration";

/** A browser history in the app, a memory history in tests. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Passes navigations to the history and notes the one option the declarative router drops,
 * `preventScrollReset`, for ScrollRestoration.
 */
function createNavigator(history: AppHistory, memory: ScrollMemory, guard: LeaveGuardStore): Navigator {
  const noteScrollOption = (opts: { preventScrollReset?: boolean } | undefined) => {
    memory.keepScrollKey = opts?.preventScrollReset ? history.location.key : null;
  };
  const pathOf = (to: Parameters<Navigator["push"]>[0]) => ({
    pathname: history.location.pathname,
    search: "",
    hash: "",
    ...(typeof to === "string" ? parsePath(to) : to),
  });
  return {
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state, opts) {
      const go = () => {
        history.push(to, state);
        noteScrollOption(opts);
      };
      if (!guard.hold(pathOf(to), go)) go();
    },
    replace(to, state, opts) {
      const go = () => {
        history.replace(to, state);
        noteScrollOption(opts);
      };
      if (!guard.hold(pathOf(to), go)) go();
    },
  };
}

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The app's router: react-router's declarative <Router> (lighter than its data router) over
 * `history`, as <BrowserRouter> does, plus what the pages relied on from the data router:
 * - each navigation is a React transition, so while the next page's code downloads the current
 *   page stays on screen, and NavigationPendingContext says so (for the progress bar);
 * - scroll positions are saved when a page is left and restored on back and forward
 *   (ScrollRestoration, rendered by the route table, places the window).
 */
export function AppRouter({ history, routes }: { history: AppHistory; routes: RouteObject[] }) {
  const [view, setView] = useState<{ action: NavigationType; location: Location }>(() => ({
    action: history.action,
    location: history.location,
  }));
  const [pending, startTransition] = useTransition();
  const downloading = useSyncExternalStore(subscribePageDownloads, pageDownloading, noPageDownloading);
  const [memory] = useState(createScrollMemory);
  const [guard] = useState(() => new LeaveGuardStore());
  const readLocation = useCallback(() => history.location, [history]);
  const navigator = useMemo(() => createNavigator(history, memory, guard), [history, memory, guard]);
  // The browser's Back or Forward undone while a page asks whether to leave (see onPop).
  const undoing = useRef(false);

  // The page on screen, whose scroll position is saved when a navigation leaves it.
  const shown = useRef(view.location);
  useLayoutEffect(() => {
    shown.current = view.location;
  }, [view.location]);

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        // Back or Forward has already moved the browser: to hold it, step back to where the page
        // was (that step is not shown), and take the same step again if the person confirms.
        if (action === NavigationType.Pop) {
          if (undoing.current) {
            undoing.current = false;
            return;
          }
          if (delta && guard.hold(location, () => history.go(delta))) {
            undoing.current = true;
            history.go(-delta);
            return;
          }
        }
        memory.positions[shown.current.key] = window.scrollY;
        startTransition(() => setView({ action, location }));
      }),
    [history, memory, guard],
  );

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const onPageHide = () => {
      memory.positions[shown.current.key] = window.scrollY;
      persistScrollMemory(memory);
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      window.history.scrollRestoration = "auto";
    };
  }, [memory]);

  return (
    <HistoryLocationContext.Provider value={readLocation}>
      <LeaveGuardContext.Provider value={guard}>
        <NavigationPendingContext.Provider value={pending && downloading}>
          <ScrollMemoryContext.Provider value={memory}>
            <Router location={view.location} navigationType={view.action} navigator={navigator}>
              <RouteTable routes={routes} />
            </Router>
          </ScrollMemoryContext.Provider>
        </NavigationPendingContext.Provider>
      </LeaveGuardContext.Provider>
    </HistoryLocationContext.Provider>
  );
}
