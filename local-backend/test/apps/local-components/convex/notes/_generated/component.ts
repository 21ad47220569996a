/* eslint-disable */
/**
 * Generated `ComponentApi` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type { FunctionReference } from "convex/server";

/**
 * A utility for referencing a Convex component's exposed API.
 *
 * Useful when expecting a parameter like `components.myComponent`.
 * Usage:
 * ```ts
 * async function myFunction(ctx: QueryCtx, component: ComponentApi) {
 *   return ctx.runQuery(component.someFile.someQuery, { ...args });
 * }
 * ```
 */
export type ComponentApi<Name extends string | undefined = string | undefined> =
  {
    notes: {
      add: FunctionReference<
        "mutation",
        "internal",
        { text: string },
        string,
        Name
      >;
      addLater: FunctionReference<
        "mutation",
        "internal",
        { text: string },
        any,
        Name
      >;
      environment: FunctionReference<
        "query",
        "internal",
        {},
        {
          greeting: string | null;
          siteUrl: string | null;
          cloudUrl: string | null;
          appOnly: string | null;
        },
        Name
      >;
      list: FunctionReference<
        "query",
        "internal",
        {},
        { texts: Array<string>; tally: number },
        Name
      >;
      storeText: FunctionReference<
        "action",
        "internal",
        { text: string },
        { storageId: string; url: string | null; text: string | null },
        Name
      >;
      whoami: FunctionReference<"query", "internal", {}, string | null, Name>;
    };
  };
