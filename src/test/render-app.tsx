import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";

type RenderAppOptions = {
  /** History to start with; the last entry is the current page. */
  entries?: string[];
  routes?: RouteObject[];
};

/** Renders the real app (route table, layout, providers) in memory, as main.tsx does. */
export function renderApp({ entries = ["/"], routes = createRoutes() }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, ...view };
}
