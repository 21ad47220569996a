import fs from "node:fs";
import path from "node:path";
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from "tailwind-merge";

/**
 * cn() (src/lib/cn.ts) gives tailwind-merge only the class groups the app's sources use (the
 * default config is most of tailwind-merge's weight in the first download). This module keeps
 * that exact: it finds every class-like word in src/, the groups tailwind-merge's default config
 * puts them in, and renders those groups' definitions, unchanged and in the same order, as
 * src/lib/tailwind-merge-config.ts.
 *
 * Why that is exact: a class resolves to the first group of the config that matches it, and a
 * subset in the same order keeps every group that matches any class of the app, so each class
 * resolves to the same group, and conflicts only ever involve groups of classes that occur.
 * A class that occurs nowhere in src/ has no CSS either (Tailwind generates only what it finds).
 */

const SRC = path.resolve(import.meta.dirname, "../../src");
/** The generated file; its own words are not the app's. */
export const CONFIG_PATH = path.join(SRC, "lib", "tailwind-merge-config.ts");
const SKIP = new Set([path.basename(CONFIG_PATH), "tailwind-merge-config.test.ts"]);

/** Every word between quotes, backticks or spaces in src/: a superset of the classes in use. */
export function appWords(): string[] {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx)$/.test(entry.name) && !SKIP.has(entry.name)) {
        for (const word of fs.readFileSync(file, "utf8").split(/[\s"'`]+/)) {
          // Arbitrary properties ([mask-type:luminance]) need no class group.
          if (word && !word.startsWith("[")) words.add(word);
        }
      }
    }
  };
  walk(SRC);
  return [...words].sort();
}

const defaults = getDefaultConfig();
type Defaults = typeof defaults;
type Group = keyof Defaults["classGroups"];

/** A merger knowing only `group`: it folds "c c" into "c" exactly when `c` belongs to it. */
function belongsTo(group: Group) {
  const merge = createTailwindMerge(() => ({
    ...defaults,
    classGroups: { [group]: defaults.classGroups[group] },
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  return (word: string) => merge(`${word} ${word}`) === word;
}

/** The default config's groups (in its order) that some word of the app belongs to. */
export function groupsInUse(words: string[]): Group[] {
  // Words no group knows (most of them: code, Japanese text) are dropped first.
  const classes = words.filter((word) => twMerge(`${word} ${word}`) === word);
  return (Object.keys(defaults.classGroups) as Group[]).filter((group) => classes.some(belongsTo(group)));
}

// Writing the config as TypeScript: validators by name, theme getters by theme key.
const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const themeVariable = (key: string) => `theme${camel(`-${key}`)}`;
const propertyKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));

function source(value: unknown, used: { validators: Set<string>; themes: Set<string> }): string {
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  if (typeof value === "function") {
    const getter = value as { isThemeGetter?: boolean; themeKey?: string };
    if (getter.isThemeGetter && getter.themeKey) {
      used.themes.add(getter.themeKey);
      return themeVariable(getter.themeKey);
    }
    const name = validatorNames.get(value);
    if (!name) throw new Error(`a function of tailwind-merge's config that is not an exported validator: ${String(value)}`);
    used.validators.add(name);
    return name;
  }
  if (Array.isArray(value)) return `[${value.map((item) => source(item, used)).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{ ${entries.map(([key, item]) => `${propertyKey(key)}: ${source(item, used)}`).join(", ")} }`;
}

export function renderConfig(groups: Group[]): string {
  const keep = new Set<string>(groups);
  const used = { validators: new Set<string>(), themes: new Set<string>() };
  const groupLines = groups.map((group) => `    ${JSON.stringify(group)}: ${source(defaults.classGroups[group], used)},`);
  const relations = (record: Partial<Record<string, readonly string[]>>) =>
    Object.entries(record)
      .filter(([group]) => keep.has(group))
      .map(([group, others]) => [group, (others ?? []).filter((other) => keep.has(other))] as const)
      .filter(([, others]) => others.length > 0)
      .map(([group, others]) => `    ${JSON.stringify(group)}: ${JSON.stringify(others)},`);
  // Theme scales used by the kept groups, and by those scales in turn.
  const themeLines: string[] = [];
  const written = new Set<string>();
  for (let pending = [...used.themes]; pending.length > 0; pending = [...used.themes].filter((key) => !written.has(key))) {
    for (const key of pending.sort()) {
      written.add(key);
      themeLines.push(`    ${JSON.stringify(key)}: ${source(defaults.theme[key as keyof Defaults["theme"]], used)},`);
    }
  }
  const themeKeys = [...used.themes].sort();
  return [
    "// Generated by scripts/tailwind-merge-config: tailwind-merge's default config reduced to the class",
    "// groups the app's sources use (see generate.ts there for why this is exact). Do not edit; rewrite",
    "// it with `npm run tailwind-merge:write` (`npm run lint` checks it is current).",
    'import { fromTheme, validators, type Config } from "tailwind-merge";',
    "",
    `const { ${[...used.validators].sort().join(", ")} } = validators;`,
    "",
    ...themeKeys.map((key) => `const ${themeVariable(key)} = fromTheme(${JSON.stringify(key)});`),
    "",
    "export const tailwindMergeConfig: Config<string, string> = {",
    `  cacheSize: ${defaults.cacheSize},`,
    "  theme: {",
    ...themeLines.sort(),
    "  },",
    "  classGroups: {",
    ...groupLines,
    "  },",
    "  conflictingClassGroups: {",
    ...relations(defaults.conflictingClassGroups),
    "  },",
    "  conflictingClassGroupModifiers: {",
    ...relations(defaults.conflictingClassGroupModifiers),
    "  },",
    `  postfixLookupClassGroups: ${JSON.stringify((defaults.postfixLookupClassGroups ?? []).filter((group) => keep.has(group)))},`,
    `  orderSensitiveModifiers: ${JSON.stringify(defaults.orderSensitiveModifiers)},`,
    "};",
    "",
  ].join("\n");
}

/** The config file as it should be for the sources as they are. */
export function currentConfigSource(): string {
  return renderConfig(groupsInUse(appWords()));
}
