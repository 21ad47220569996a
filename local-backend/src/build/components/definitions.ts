// Reads an app's convex.config.ts the way a Convex deployment does: the config is bundled with
// every imported component definition (`import x from "pkg/convex.config"`) marked with its
// definition path relative to the app's convex folder, then evaluated, and the tree of
// `app.use(component, { name, env, httpPrefix })` calls is walked into component instances.
import fs from "node:fs";
import path from "node:path";
import type * as Esbuild from "esbuild";
import type { ComponentInstance, ComponentTree, DefinitionObject, EnvBinding } from "../../core/app.js";
import { BuildError, esbuild, externalConvexPlugin, formatMessages, moduleUrl } from "../bundling.js";

export const DEFINITION_FILES = ["convex.config.ts", "convex.config.js"];

export function definitionFile(dir: string): string | null {
  for (const name of DEFINITION_FILES) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

const DEFINITION_NAMESPACE = "convex-component-definition";
const SOURCE_SUFFIX = "?component-definition-source";

/**
 * Imports of other convex.config files become small wrappers that load the real definition and
 * stamp it with its definition path and default name, as Convex's backend does when it
 * evaluates an app definition (`componentDefinitionPath`, `defaultName`).
 */
function componentDefinitionPlugin(convexDir: string): Esbuild.Plugin {
  return {
    name: "local-backend-component-definitions",
    setup(build) {
      build.onResolve({ filter: /\?component-definition-source$/ }, (args) => ({
        path: args.path.slice(0, -SOURCE_SUFFIX.length),
      }));
      build.onResolve({ filter: /convex\.config/ }, async (args) => {
        if (args.kind === "entry-point" || args.namespace !== "file") return undefined;
        const candidates = [args.path];
        const ext = path.extname(args.path);
        if (ext === ".js") candidates.push(`${args.path.slice(0, -3)}.ts`);
        if (ext !== ".js" && ext !== ".ts") candidates.push(`${args.path}.js`, `${args.path}.ts`);
        for (const candidate of candidates) {
          const result = await build.resolve(candidate, { kind: args.kind, resolveDir: args.resolveDir });
          if (result.errors.length === 0 && result.path) {
            return { path: result.path, namespace: DEFINITION_NAMESPACE };
          }
        }
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: DEFINITION_NAMESPACE }, (args) => {
        const definitionPath = path.relative(convexDir, path.dirname(args.path)).split(path.sep).join("/");
        return {
          resolveDir: path.dirname(args.path),
          loader: "js",
          contents: [
            `import definition from ${JSON.stringify(args.path + SOURCE_SUFFIX)};`,
            `definition.componentDefinitionPath = ${JSON.stringify(definitionPath)};`,
            `definition.defaultName = definition._name;`,
            `export default definition;`,
          ].join("\n"),
        };
      });
    },
  };
}

/** Bundle and evaluate the app's convex.config (if any) and list every component instance. */
export async function loadComponentTree(convexDir: string, outDir: string, generation = ""): Promise<ComponentTree> {
  const configFile = definitionFile(convexDir);
  if (!configFile) return { app: null, instances: [] };
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, "convex.config.mjs");
  try {
    await esbuild.build({
      absWorkingDir: convexDir,
      entryPoints: [configFile],
      outfile: outFile,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      conditions: ["convex", "module"],
      logLevel: "silent",
      write: true,
      plugins: [componentDefinitionPlugin(convexDir), externalConvexPlugin()],
    });
  } catch (err) {
    const failure = err as { errors?: Esbuild.Message[] };
    throw new BuildError(`${path.basename(configFile)}: ${failure.errors ? formatMessages(failure.errors) : String(err)}`);
  }
  let app: unknown;
  try {
    app = ((await import(moduleUrl(outFile, generation))) as { default?: unknown }).default;
  } catch (err) {
    throw new BuildError(`Failed to evaluate ${path.basename(configFile)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isDefinition(app) || app._isRoot !== true) {
    throw new BuildError(`${path.basename(configFile)} must \`export default\` the result of defineApp() from "convex/server".`);
  }
  return { app, instances: listInstances(convexDir, app) };
}

function isDefinition(value: unknown): value is DefinitionObject {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as DefinitionObject)._childComponents) &&
    typeof (value as DefinitionObject).export === "function"
  );
}

function listInstances(convexDir: string, app: DefinitionObject): ComponentInstance[] {
  const instances: ComponentInstance[] = [];
  const walk = (parent: DefinitionObject, parentPath: string, parentPrefix: string | null) => {
    const seen = new Set<string>();
    for (const [name, definition, envValues, httpPrefix] of parent._childComponents) {
      const where = parentPath ? `component "${parentPath}"` : "convex.config";
      if (seen.has(name)) throw new BuildError(`${where} uses two components named "${name}"; give one another { name }.`);
      seen.add(name);
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        throw new BuildError(`${where}: component name "${name}" must be an identifier (letters, digits, _).`);
      }
      const definitionPath = definition.componentDefinitionPath;
      if (!isDefinition(definition) || typeof definitionPath !== "string") {
        throw new BuildError(`${where}: "${name}" is not a component definition (import it from the package's convex.config).`);
      }
      const dir = path.resolve(convexDir, definitionPath);
      const instancePath = parentPath ? `${parentPath}/${name}` : name;
      const prefix = httpPrefix === undefined ? null : joinPrefix(parentPrefix, httpPrefix);
      instances.push({
        path: instancePath,
        name,
        dir,
        definitionPath,
        definition,
        env: envBindings(envValues),
        httpPrefix: prefix,
      });
      walk(definition, instancePath, prefix ?? parentPrefix);
    }
  };
  walk(app, "", null);
  return instances;
}

function joinPrefix(parent: string | null, own: string): string {
  const normalized = own.endsWith("/") ? own : `${own}/`;
  return parent ? `${parent.replace(/\/$/, "")}${normalized}` : normalized;
}

function envBindings(values: Record<string, unknown> | null): Record<string, EnvBinding> {
  const bindings: Record<string, EnvBinding> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (typeof value === "string") bindings[key] = { type: "value", value };
    else if (typeof value === "object" && value !== null && typeof (value as { __envVarRef?: unknown }).__envVarRef === "string") {
      bindings[key] = { type: "envVar", name: (value as { __envVarRef: string }).__envVarRef };
    }
  }
  return bindings;
}

/** Environment variables a component declares that nothing sets (Convex refuses such a push). */
export function missingRequiredEnv(instance: ComponentInstance, deploymentEnv: Record<string, string>): string[] {
  const missing: string[] = [];
  for (const [key, validator] of Object.entries(instance.definition._env ?? {})) {
    if (validator.isOptional === "optional") continue;
    const binding = instance.env[key];
    if (!binding || (binding.type === "envVar" && deploymentEnv[binding.name] === undefined)) missing.push(key);
  }
  return missing;
}
