// The backend's layers depend one way (local-backend/README.md "Source layout"): no module may
// reach, through its imports (type-only ones included), back to itself, and no module imports
// one of a higher layer. Walks the import graph with the TypeScript compiler's own parser and
// resolver.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every module of `files` that each one imports (statically, dynamically or by re-export). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import cycles of a graph: its strongly connected parts of more than one module, or a module importing itself. */
function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const part: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          part.push(member);
        } while (member !== frame.node);
        if (part.length > 1 || edges.includes(frame.node)) cycles.push(part.sort());
      }
    }
  }
  return cycles;
}

/**
 * local-backend/src by layer, lowest first: each layer is a folder of src/, and a module may import
 * its own layer and those below. A module's folder places it; the start-up modules are the files
 * at the top of src/.
 */
const LAYERS: Array<[name: string, folder: string]> = [
  ["core", "core/"],
  ["convex-test adapter", "convex-test-adapter/"],
  ["store", "store/"],
  ["engine", "engine/"],
  ["persistence", "persistence/"],
  ["server", "server/"],
  ["build", "build/"],
  ["tools", "tools/"],
  ["start-up", ""],
];

function layerOf(relative: string): number {
  const parts = relative.split(path.sep);
  const folder = parts.length > 1 ? `${parts[0]}/` : "";
  const layer = LAYERS.findIndex(([, layerFolder]) => layerFolder === folder);
  if (layer < 0)
    throw new Error(
      `${relative} is in no layer: move it into a layer's folder, or add ${folder} to LAYERS (and to the picture in local-backend/README.md)`,
    );
  return layer;
}

/** Imports that go up a layer, as "from → to (layer → layer)". */
function upwardImports(graph: Map<string, string[]>, root: string): string[] {
  const upward: string[] = [];
  for (const [file, targets] of graph) {
    const from = path.relative(root, file);
    for (const target of targets) {
      const to = path.relative(root, target);
      const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
      if (toLayer > fromLayer) upward.push(`${from} → ${to} (${LAYERS[fromLayer]?.[0]} → ${LAYERS[toLayer]?.[0]})`);
    }
  }
  return upward;
}

describe("layers of local-backend/src", () => {
  const root = path.join(ROOT, "local-backend/src");

  it("every module is in a layer, and none imports a higher one", () => {
    expect(upwardImports(importGraph(sourceFiles(root)), root)).toEqual([]);
  });

  it("finds an import that goes up (the check can fail)", () => {
    const graph = new Map([
      [path.join(root, "convex-test-adapter/internals.ts"), [path.join(root, "engine/engine.ts")]],
      [path.join(root, "tools/codegen/index.ts"), [path.join(root, "index.ts")]],
      [path.join(root, "engine/engine.ts"), [path.join(root, "store/search/index.ts"), path.join(root, "engine/logger.ts")]],
    ]);
    expect(upwardImports(graph, root)).toEqual([
      "convex-test-adapter/internals.ts → engine/engine.ts (convex-test adapter → engine)",
      "tools/codegen/index.ts → index.ts (tools → start-up)",
    ]);
  });

  it("names a module outside every layer's folder (the check can fail)", () => {
    const graph = new Map([[path.join(root, "misc/helper.ts"), [path.join(root, "core/app.ts")]]]);
    expect(() => upwardImports(graph, root)).toThrow("misc/helper.ts is in no layer");
  });
});

describe("import cycles", () => {
  it("finds a cycle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
    expect(
      importCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it.each(["local-backend/src", "local-google/src"])("%s has none", (folder) => {
    const graph = importGraph(sourceFiles(path.join(ROOT, folder)));
    expect(graph.size).toBeGreaterThan(10);
    const cycles = importCycles(graph).map((part) => part.map((file) => path.relative(ROOT, file)));
    expect(cycles).toEqual([]);
  });
});
