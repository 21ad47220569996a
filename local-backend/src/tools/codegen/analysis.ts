// What a Convex deployment answers a push with (`startPushResponse.analysis`), computed offline:
// for the app and each component definition, the evaluated definition (child components, env
// vars, exports) and each function's kind, visibility and argument/return validators. The CLI's
// codegen turns exactly this into `_generated`.
import path from "node:path";
import { type BuildEnvironment, loadFunctionModules } from "../../build/build.js";
import { kindOf, type RegisteredFunction } from "../../core/functions.js";
import type { AnalyzedDefinition, ComponentTree, DefinitionObject } from "../../core/app.js";

interface AnalyzedFunction {
  name: string;
  udfType: "Query" | "Mutation" | "Action" | "HttpAction";
  visibility: { kind: "public" | "internal" } | null;
  args: string;
  returns: string;
}

export interface ComponentAnalysis {
  definition: AnalyzedDefinition;
  functions: Record<string, { functions: AnalyzedFunction[] }>;
}

type ExportNode = { type: "leaf"; leaf: string } | { type: "branch"; branch: Array<[string, ExportNode]> };

const UDF_TYPES = { query: "Query", mutation: "Mutation", action: "Action", httpAction: "HttpAction" } as const;

function udfTypeOf(fn: RegisteredFunction): AnalyzedFunction["udfType"] | null {
  const kind = kindOf(fn);
  return kind && UDF_TYPES[kind];
}

/** Every registered function of a folder, keyed by module path with ".js" as Convex keys them. */
async function analyzeFunctions(
  dir: string,
  outDir: string,
  env: BuildEnvironment,
  isApp: boolean,
): Promise<ComponentAnalysis["functions"]> {
  const built = await loadFunctionModules(dir, outDir, env, isApp);
  const functions: ComponentAnalysis["functions"] = {};
  for (const [modulePath, mod] of [...built.loaded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const analyzed: AnalyzedFunction[] = [];
    for (const [name, value] of Object.entries(mod)) {
      if ((typeof value !== "function" && typeof value !== "object") || value === null) continue;
      const fn = value as RegisteredFunction;
      const udfType = udfTypeOf(fn);
      if (!udfType) continue;
      analyzed.push({
        name,
        udfType,
        visibility: fn.isPublic ? { kind: "public" } : fn.isInternal ? { kind: "internal" } : null,
        args: udfType === "HttpAction" ? '{"type":"any"}' : (fn.exportArgs?.() ?? '{"type":"any"}'),
        returns: udfType === "HttpAction" ? '{"type":"any"}' : (fn.exportReturns?.() ?? '{"type":"any"}'),
      });
    }
    functions[`${modulePath}.js`] = { functions: analyzed };
  }
  return functions;
}

/** A component's exports are its public functions, by module path then name (file-based routing). */
function fileBasedExports(functions: ComponentAnalysis["functions"]): ExportNode {
  type Tree = Map<string, Tree | string>;
  const root: Tree = new Map();
  for (const [modulePath, { functions: fns }] of Object.entries(functions)) {
    const parts = modulePath.replace(/\.js$/, "").split("/");
    for (const fn of fns) {
      if (fn.visibility?.kind !== "public") continue;
      let node = root;
      for (const part of parts) {
        let next = node.get(part);
        if (typeof next === "string") throw new Error(`Path ${modulePath}:${fn.name} conflicts with existing export`);
        if (!next) {
          next = new Map();
          node.set(part, next);
        }
        node = next;
      }
      node.set(fn.name, `_reference/function/${modulePath}:${fn.name}`);
    }
  }
  const serialize = (tree: Tree): ExportNode => ({
    type: "branch",
    branch: [...tree]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, child]) => [key, typeof child === "string" ? { type: "leaf", leaf: child } : serialize(child)]),
  });
  return serialize(root);
}

const EMPTY_APP: AnalyzedDefinition = {
  definitionType: { type: "app" },
  childComponents: [],
  httpMounts: {},
  exports: { type: "branch", branch: [] },
};

export interface AnalysisRequest {
  convexDir: string;
  tree: ComponentTree;
  /** Definition folders (absolute) whose functions codegen reads: local components, static API. */
  withFunctions: Set<string>;
  outDir: string;
  env: BuildEnvironment;
}

/** `startPushResponse.analysis`: keyed by definition path relative to the app ("" is the app). */
export async function analyze({
  convexDir,
  tree,
  withFunctions,
  outDir,
  env,
}: AnalysisRequest): Promise<Record<string, ComponentAnalysis>> {
  const definitions = new Map<string, DefinitionObject | null>([[path.resolve(convexDir), tree.app]]);
  for (const instance of tree.instances) definitions.set(instance.dir, instance.definition);
  const analysis: Record<string, ComponentAnalysis> = {};
  let n = 0;
  for (const [dir, definition] of definitions) {
    const isApp = dir === path.resolve(convexDir);
    const functions = withFunctions.has(dir) ? await analyzeFunctions(dir, path.join(outDir, `f${n++}`), env, isApp) : {};
    const evaluated = definition ? definition.export() : EMPTY_APP;
    const key = path.relative(convexDir, dir).split(path.sep).join("/");
    analysis[key] = {
      definition: isApp ? evaluated : { ...evaluated, exports: fileBasedExports(functions) },
      functions,
    };
  }
  return analysis;
}
