import { render } from "@testing-library/react";
import { ConvexReactClient } from "convex/react";
import userEvent from "@testing-library/user-event";
import { UNSAFE_createMemoryHistory as createMemoryHistory, type RouteObject } from "react-router-dom";
import { AppRouter } from "@/app/app-router";
import { AppProviders } from "@/app/providers";
import { createRoutes } from "@/app/router";

const openClients: ConvexReactClient[] = [];

/** Closes the clients renderApp opened; the test setup calls it after each test. */
export async function closeTestClients() {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
}

type RenderAppOptions = {
  /** History to start with; the last entry is the current page. */
  entries?: string[];
  routes?: RouteObject[];
};

/** Renders the real app (route table, layout, providers) in memory, as main.tsx does. */
export function renderApp({ entries = ["/"], routes = createRoutes() }: RenderAppOptions = {}) {
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true });
  /** The URL the app is at (router.state.location) and a way to go elsewhere or back (-1). */
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate: (to: string | number) => {
      if (typeof to === "number") history.go(to);
      else history.push(to);
      return Promise.resolve();
    },
  };
  const user = userEvent.setup();
  // A client that never connects: pages that read data stay in their loading state.
  const convex = new ConvexReactClient("http://127.0.0.1:9", { unsavedChangesWarning: false });
  const view = render(
    <AppProviders convex={convex}>
      <AppRouter history={history} routes={routes} />
    </AppProviders>,
  );
  openClients.push(convex);
  return { router, user, convex, ...view };
}
