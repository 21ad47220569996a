import fs from "node:fs";
import js from "@eslint/js";
import convexPlugin from "@convex-dev/eslint-plugin";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Feature boundaries (docs/architecture.md "The React app"): a feature (src/features/X) may use
// src/components, src/lib and src/config but no other feature and not the app shell (src/app),
// which is where features meet. src/components, src/lib and src/config are shared by every feature
// and use none of them.
const features = fs
  .readdirSync(new URL("./src/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** An import of `names` (folders of src/) by alias (@/x) or by a relative path (../x, ../../features/x). */
const importOf = (names, under = "") => `^(@/${under}|(\\.\\./)+${under ? `(${under})?` : ""})(${names.join("|")})(/|$)`;
/**
 * The modules of convex/model the browser may load: rules and formats shared with the server,
 * importing nothing server-side. Any other model module drags server code (and what it imports)
 * into the bundle; types may come from anywhere.
 */
const CLIENT_SAFE_MODELS = [
  "aiTools",
  "challengeRules",
  "challengeTerms",
  "cleanText",
  "embedLinks",
  "feedLinks",
  "genres",
  "homeStats",
  "images",
  "japanTime",
  "judgingRules",
  "markup",
  "profileRules",
  "shareLinks",
  "suspension",
  "urls",
  "votingRules",
  "workRules",
];
/** no-restricted-imports for src/ (one config per file: ESLint does not merge a rule's options). */
const restrictedImports = (patterns = [], { convexAuthClient = false } = {}) => [
  "error",
  {
    paths: [
      {
        name: "react-router-dom",
        importNames: ["Link", "NavLink"],
        message:
          "Use Link and NavLink of @/components/ui/link: react-router's own carry its framework-mode prefetching into every page's first download, over its size budget.",
      },
      ...(convexAuthClient
        ? []
        : [
            {
              name: "@convex-dev/auth/react",
              allowTypeImports: true,
              message:
                "Use useAuthActions of @/lib/auth-actions (and useConvexAuth of convex/react): Convex Auth's client is loaded only for a session, by src/app/auth/session-auth.tsx (docs/architecture.md).",
            },
          ]),
    ],
    patterns: [
      {
        regex: `convex/model/(?!(${CLIENT_SAFE_MODELS.join("|")})$)`,
        allowTypeImports: true,
        message:
          "The browser imports only client-safe modules of convex/model (CLIENT_SAFE_MODELS in eslint.config.js): put shared constants in convex/constants.ts or a *Rules.ts module.",
      },
      ...patterns,
    ],
  },
];
const featureBoundaries = [
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrictedImports() } },
  { files: ["src/app/auth/session-auth.tsx"], rules: { "no-restricted-imports": restrictedImports([], { convexAuthClient: true }) } },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": restrictedImports([
        {
          regex: importOf(
            features.filter((other) => other !== feature),
            "features/",
          ),
          message:
            "A feature does not import another feature: move what several features use to src/components (UI) or src/lib (hooks, logic), or compose the features in src/app.",
        },
        { regex: importOf(["app"]), message: "A feature does not import the app shell (src/app); the app shell imports features." },
      ]),
    },
  })),
  {
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}", "src/config/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrictedImports([
        {
          regex: importOf(["features", "app"]),
          message:
            "src/components, src/lib and src/config are shared by every feature and do not import src/features or src/app; let src/app pass the feature's piece in (a prop or children).",
        },
      ]),
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "tmp",
      "dist",
      "node_modules",
      "convex/_generated",
      "local-backend/test/fixture/convex/_generated",
      "local-backend/test/apps/**/_generated",
      ".local-data",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  ...featureBoundaries,
  ...convexPlugin.configs.recommended,
  {
    // Typed env declarations need convex.config.ts codegen, which `npm run codegen` (offline)
    // and the local backend do not support; the few env reads are validated where they happen.
    files: ["convex/**/*.ts"],
    rules: { "@convex-dev/no-process-env": "off" },
  },
  {
    // Anything a person can repeat is rate limited: every public write names its bucket.
    files: ["convex/**/*.ts"],
    ignores: ["convex/**/*.test.ts", "convex/model/functions.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.name=/^(memberMutation|userMutation|memberAction|moderatorMutation|adminMutation)$/] > ObjectExpression:not(:has(> Property[key.name='rateLimit']))",
          message: "A public write needs a rateLimit bucket (convex/model/rateLimits.ts).",
        },
      ],
    },
  },
  {
    // Plain JS tooling scripts are not part of a TypeScript project.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests deliberately pass wrong shapes and poke at internals.
    files: ["**/*.test.{ts,tsx}", "convex/test.setup.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
    },
  },
  {
    // A wholesale mock of convex/react answers every function alike and drifts from the server's
    // types; src/test/fake-convex.tsx answers per function reference, typed.
    files: ["src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock'][arguments.0.value='convex/react']",
          message: "Fake the Convex client with FakeConvex (src/test/fake-convex.tsx) instead of mocking convex/react.",
        },
      ],
    },
  },
);
