// `process` as Convex functions see it: `{ env }` and nothing else, where `env` answers property
// reads with the deployment's variables for the app's code, and with a component's own variables
// (what its parent passed in `use(c, { env })`, plus the built-in URLs) for a component's code.
// Never the host's environment: bundled code, npm libraries included, has every `process` it
// names replaced by this object (run-context.ts's shim), `globalThis.process` included.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ComponentInstance, EnvBinding } from "../core/app.js";

/** The component whose modules are being imported (module top-level code runs in it). */
export const loadingComponent = new AsyncLocalStorage<string>();

export interface FunctionProcess {
  env: Record<string, string | undefined>;
}

const SYSTEM_VARIABLES = ["CONVEX_CLOUD_URL", "CONVEX_SITE_URL"] as const;

interface ComponentEnv {
  bindings: Record<string, EnvBinding>;
  httpPrefix: string | null;
}

export class FunctionEnvironment {
  /** The deployment's variables (the app's process.env). Mutable: setEnv. */
  readonly deployment: Record<string, string>;
  private components = new Map<string, ComponentEnv>();
  private currentComponent: () => string | undefined = () => undefined;
  /** The `process` object bundled code sees. */
  readonly process: FunctionProcess;

  constructor(deployment: Record<string, string>) {
    this.deployment = deployment;
    // Like Convex's runtime: a proxy that only answers reads (no enumeration, no `in`).
    const target: Record<string, string | undefined> = {};
    const env = new Proxy(target, {
      get: (_target, prop): unknown => {
        if (typeof prop !== "string") return undefined;
        const value = this.read(this.componentPath(), prop);
        if (value === undefined && prop === "inspect") return () => "[process.env]";
        return value;
      },
    });
    this.process = { env };
  }

  /** Which component a function run belongs to (set by the engine once it exists). */
  setComponentResolver(resolve: () => string | undefined): void {
    this.currentComponent = resolve;
  }

  setComponents(instances: ComponentInstance[]): void {
    this.components = new Map(instances.map((i) => [i.path, { bindings: i.env, httpPrefix: i.httpPrefix }]));
  }

  private componentPath(): string {
    return this.currentComponent() ?? loadingComponent.getStore() ?? "";
  }

  /** One variable as a function of `componentPath` reads it. */
  read(componentPath: string, name: string): string | undefined {
    if (componentPath === "") return this.deployment[name];
    const component = this.components.get(componentPath);
    const binding = component?.bindings[name];
    if (binding?.type === "value") return binding.value;
    if (binding?.type === "envVar") return this.deployment[binding.name];
    if (!(SYSTEM_VARIABLES as readonly string[]).includes(name)) return undefined;
    const value = this.deployment[name];
    // A component mounted with an HTTP prefix sees its own site URL, as on Convex.
    if (name === "CONVEX_SITE_URL" && value && component?.httpPrefix) {
      return `${value.replace(/\/$/, "")}${component.httpPrefix.replace(/\/$/, "")}`;
    }
    return value;
  }
}
