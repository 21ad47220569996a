import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { closeTestClients } from "./render-app";

// findBy… and waitFor give up after 1 s by default, which a lazy route or a Radix chunk can take
// on a busy machine. They return as soon as the awaited state shows, so a long ceiling costs
// nothing when tests pass; it stays under the frontend project's testTimeout.
configure({ asyncUtilTimeout: 30_000 });

// Globals are off in vitest, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  await closeTestClients();
});

// jsdom lacks a few browser APIs that Radix primitives call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
const elementStubs = {
  scrollIntoView: () => {},
  hasPointerCapture: () => false,
  releasePointerCapture: () => {},
};
for (const [name, stub] of Object.entries(elementStubs)) {
  if (!(name in Element.prototype)) Object.defineProperty(Element.prototype, name, { value: stub, configurable: true });
}
window.scrollTo = () => {}; // ScrollRestoration (src/app) calls it; jsdom only logs "not implemented".
