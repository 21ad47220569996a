import { describe, expect, test } from "vitest";
import { routePatterns } from "@/config/paths";
import { HOME_ROUTE, patternSource, PRERENDERED_ROUTES, SHELL_ROUTE } from "./prerendered-routes";

const matches = (pattern: string, path: string) => new RegExp(patternSource(pattern)).test(path);

describe("patternSource", () => {
  test("matches a static route exactly, with or without a trailing slash", () => {
    expect(matches("/projects", "/projects")).toBe(true);
    expect(matches("/projects", "/projects/")).toBe(true);
    expect(matches("/projects", "/projects/abc")).toBe(false);
    expect(matches("/projects", "/projectsx")).toBe(false);
  });

  test("matches one segment for a parameter", () => {
    expect(matches("/projects/:id", "/projects/k57abc")).toBe(true);
    expect(matches("/projects/:id", "/projects/")).toBe(false);
    expect(matches("/projects/:id", "/projects/a/b")).toBe(false);
  });

  test("leaves static routes to themselves, as the route table does", () => {
    expect(matches("/profile/:id", "/profile/setup")).toBe(false);
    expect(matches("/profile/:id", "/profile/edit")).toBe(false);
    expect(matches("/profile/:id", "/profile/setupper")).toBe(true);
    expect(matches("/challenges/:id", "/challenges/create")).toBe(false);
    expect(matches("/challenges/:id", "/challenges/j9x")).toBe(true);
  });
});

describe("the prerendered routes", () => {
  test("are routes of the route table, rendered at a path their pattern matches", () => {
    const patterns = new Set<string>(Object.values(routePatterns));
    for (const route of [HOME_ROUTE, ...PRERENDERED_ROUTES]) {
      expect(patterns.has(route.pattern), route.pattern).toBe(true);
      expect(matches(route.pattern, route.path), route.path).toBe(true);
    }
    expect(patterns.has(SHELL_ROUTE.path)).toBe(true);
  });

  test("name page modules that exist", () => {
    const modules = import.meta.glob("/src/app/routes/*.tsx");
    for (const route of [HOME_ROUTE, ...PRERENDERED_ROUTES, SHELL_ROUTE]) {
      expect(Object.keys(modules), route.pageModule).toContain(`/${route.pageModule}`);
    }
  });
});
