// The shape of a built app as every layer sees it: its component tree (from convex.config.ts),
// and per component the loaded modules, schema, HTTP router and crons; and the error a build
// (or a push the stored data refuses) fails with.
import type { CronSpec } from "./functions.js";

export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BuildError";
  }
}

/** What `defineApp()` / `defineComponent()` return, as far as we read it. */
export interface DefinitionObject {
  _isRoot?: boolean;
  _name?: string;
  _env?: Record<string, { isOptional?: string; json?: unknown }>;
  _httpPrefix?: string;
  _childComponents: Array<[string, DefinitionObject, Record<string, unknown> | null, string | undefined]>;
  componentDefinitionPath?: string;
  export(): AnalyzedDefinition;
}

/** `definition.export()`: what Convex's backend receives from evaluating a definition. */
export interface AnalyzedDefinition {
  name?: string;
  definitionType: { type: "app" } | { type: "childComponent"; name: string; args: unknown[] };
  childComponents: Array<{ name: string; path: string; args: unknown[]; env: Array<[string, EnvBinding]> | null }>;
  httpMounts: Record<string, string>;
  exports: unknown;
  envVars?: Array<[string, { type: "value"; value: string; optional?: boolean }]>;
}

export type EnvBinding = { type: "value"; value: string } | { type: "envVar"; name: string };

/** One mounted component: `rateLimiter`, or `rateLimiter/batchWorker` for a nested one. */
export interface ComponentInstance {
  /** Convex's component path: names from the app down, joined with "/". */
  path: string;
  name: string;
  /** Absolute folder holding the component's convex.config and functions. */
  dir: string;
  /** Folder relative to the app's convex folder, posix separators (Convex's definition path). */
  definitionPath: string;
  definition: DefinitionObject;
  /** Environment variables the parent passes to it (`use(c, { env })`). */
  env: Record<string, EnvBinding>;
  /** Where its HTTP routes are served (`use(c, { httpPrefix })`), composed with its parents'. */
  httpPrefix: string | null;
}

export interface ComponentTree {
  /** The app definition, or null when the folder has no convex.config (an app without components). */
  app: DefinitionObject | null;
  instances: ComponentInstance[];
}

export interface HttpRouterLike {
  isRouter?: boolean;
  lookup(path: string, method: string): [unknown, string, string] | null;
}

export interface AuthProviderConfig {
  domain?: string;
  applicationID?: string;
  type?: string;
  issuer?: string;
  jwks?: string;
  algorithm?: string;
}

/** The built code of the app or of one component instance. */
export interface BuiltModules {
  /** Component path: "" for the app, "rateLimiter", "rateLimiter/batchWorker" … */
  componentPath: string;
  /** convex-test module map. */
  modules: Record<string, () => Promise<unknown>>;
  /** Loaded function modules by module path without extension ("messages", "lib/util"). */
  loaded: Map<string, Record<string, unknown>>;
  schema: unknown;
  httpRouter: HttpRouterLike | null;
  /** Jobs of the folder's crons.ts, if any. */
  crons: Record<string, CronSpec>;
  moduleCount: number;
}

export interface BuiltComponent extends BuiltModules {
  instance: ComponentInstance;
}

export interface BuiltApp extends BuiltModules {
  authProviders: AuthProviderConfig[];
  /** Every component instance, parents before children. */
  components: BuiltComponent[];
  tree: ComponentTree;
  outDir: string;
}
