import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { closeTestClients } from "./render-app";

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
window.scrollTo = () => {}; // ScrollRestoration calls it; jsdom only logs "not implemented".
