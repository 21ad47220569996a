import { createContext, useContext, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import type { Path } from "react-router-dom";

/** Whether leaving for `next` must be confirmed first. */
export type LeaveCheck = (next: Path) => boolean;

/**
 * Navigations a page asked to confirm. The app's router is react-router's declarative <Router>,
 * where useBlocker does not work (it needs a data router), so the router itself asks this store
 * before it pushes, replaces or follows the browser's Back and Forward.
 */
export class LeaveGuardStore {
  private check: LeaveCheck | null = null;
  private pending: (() => void) | null = null;
  private bypass = false;
  private listeners = new Set<() => void>();

  /** Makes `check` the page's guard; returns the function that removes it. */
  register(check: LeaveCheck) {
    this.check = check;
    return () => {
      if (this.check === check) this.check = null;
    };
  }

  /**
   * True when the navigation to `next` must wait for the person's answer; `go` then runs only
   * if they confirm. The navigation right after a confirmation is never held again.
   */
  hold(next: Path, go: () => void): boolean {
    if (this.bypass) {
      this.bypass = false;
      return false;
    }
    if (!this.check?.(next)) return false;
    this.pending = go;
    this.emit();
    return true;
  }

  /** The person confirmed: the held navigation goes ahead. */
  proceed = () => {
    const go = this.pending;
    this.pending = null;
    this.emit();
    if (go) {
      this.bypass = true;
      go();
    }
  };

  /** The person stays: the held navigation is dropped. */
  stay = () => {
    this.pending = null;
    this.emit();
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  isHolding = () => this.pending !== null;

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export const LeaveGuardContext = createContext<LeaveGuardStore | null>(null);

const noStore = () => () => {};
const notHolding = () => false;

/**
 * While `active`, leaving the page asks first: in-app navigation (links, Back and Forward) is held
 * until `proceed` or `stay`, and closing or reloading the tab brings up the browser's own prompt.
 * `shouldBlock` may let some navigations through (moving between a wizard's steps, leaving after
 * saving); it is read when the navigation happens.
 */
export function useLeaveGuard(active: boolean, shouldBlock: LeaveCheck = () => true) {
  const store = useContext(LeaveGuardContext);
  const check = useRef(shouldBlock);
  useLayoutEffect(() => {
    check.current = shouldBlock;
  });

  useEffect(() => {
    if (!active || !store) return;
    return store.register((next) => check.current(next));
  }, [active, store]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!check.current({ pathname: "", search: "", hash: "" })) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);

  const holding = useSyncExternalStore(store?.subscribe ?? noStore, store?.isHolding ?? notHolding, notHolding);
  return {
    holding,
    proceed: store?.proceed ?? (() => {}),
    stay: store?.stay ?? (() => {}),
  };
}
