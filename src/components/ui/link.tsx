import type { AnchorHTMLAttributes, CSSProperties, ReactNode, Ref } from "react";
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from "react-router-dom";

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An in-app link: a real <a href> that moves to the page without a page load; a click with a
 * modifier key, another button or a `target` is left to the browser. The same as react-router's
 * <Link>, built on its public hooks: react-router's own also carries its framework-mode
 * prefetching into every page's first download, which pushes it over its size budget.
 */
export function Link({ to, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, preventScrollReset });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

type NavLinkState = { isActive: boolean };

export type NavLinkProps = Omit<LinkProps, "className" | "style" | "children"> & {
  /** Active only on its own path, not on the paths below it (for "/", which is above all). */
  end?: boolean;
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
};

/**
 * A Link that knows whether it leads to the current page or the section holding it, like
 * react-router's <NavLink>: aria-current="page" then, and `className` and `children` may depend
 * on it.
 */
export function NavLink({ end = false, className, style, children, ...rest }: NavLinkProps) {
  const target = useResolvedPath(rest.to).pathname.toLowerCase();
  const current = useLocation().pathname.toLowerCase();
  // As react-router matches: "/projects" is active on "/projects" and on "/projects/…".
  const targetEnd = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(targetEnd) === "/");
  const state = { isActive };
  return (
    <Link
      {...rest}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className(state) : className}
      style={typeof style === "function" ? style(state) : style}
    >
      {typeof children === "function" ? children(state) : children}
    </Link>
  );
}
