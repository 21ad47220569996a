import { render, type RenderOptions } from "@testing-library/react";
import { ConvexProvider, ConvexProviderWithAuth, type ConvexReactClient } from "convex/react";
import { getFunctionName, type FunctionArgs, type FunctionReference, type FunctionReturnType } from "convex/server";
import type { ReactNode } from "react";
import type { Id, TableNames } from "../../convex/_generated/dataModel";

type AnyFunction = FunctionReference<"query" | "mutation" | "action", "public">;
type Kind = "query" | "mutation" | "action";
type Handler = (args: never) => unknown;

/** A call the component made: which function, with what arguments. */
export type FakeCall = { kind: Kind; name: string; args: Record<string, unknown> };

/** What a fake query may answer: the real return type, or undefined for "still loading". */
type QueryAnswer<Q extends FunctionReference<"query", "public">> = FunctionReturnType<Q> | undefined;
/** What a fake mutation or action may answer: the real return type, now or later. */
type CallAnswer<F extends AnyFunction> = FunctionReturnType<F> | Promise<FunctionReturnType<F>>;

/**
 * A stand-in for the Convex client under a real `ConvexProvider`, so components run the real
 * `useQuery`, `usePaginatedQuery`, `useMutation` and `useAction` hooks. Answers are registered
 * per function reference with the function's own argument and return types: renaming a
 * function or changing what it returns breaks the test that fakes it, at type-check time, and a
 * call to a function nobody faked fails loudly instead of answering with whatever object was
 * handy.
 */
export class FakeConvex {
  /**
   * What the component asked for, in order: each distinct query (name and arguments) once, however
   * often the hooks re-subscribe, and every mutation and action call.
   */
  readonly calls: FakeCall[] = [];
  private readonly askedQueries = new Set<string>();
  private readonly handlers = new Map<string, { kind: Kind; handler: Handler }>();
  private readonly listeners = new Set<() => void>();

  /** Answers a query. Return undefined to keep it loading; throw to fail it. */
  onQuery<Q extends FunctionReference<"query", "public">>(query: Q, answer: (args: FunctionArgs<Q>) => QueryAnswer<Q>): this {
    return this.register("query", query, answer);
  }

  onMutation<M extends FunctionReference<"mutation", "public">>(mutation: M, answer: (args: FunctionArgs<M>) => CallAnswer<M>): this {
    return this.register("mutation", mutation, answer);
  }

  onAction<A extends FunctionReference<"action", "public">>(action: A, answer: (args: FunctionArgs<A>) => CallAnswer<A>): this {
    return this.register("action", action, answer);
  }

  /** The calls made to one function, by reference. */
  callsTo(fn: AnyFunction): Record<string, unknown>[] {
    const name = getFunctionName(fn);
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  }

  /** Re-reads every open subscription, as a server push would after the data changed. */
  push() {
    for (const listener of [...this.listeners]) listener();
  }

  /** The object to hand to `ConvexProvider`: only the client surface the hooks use exists. */
  get client(): ConvexReactClient {
    return this.surface as unknown as ConvexReactClient;
  }

  private register(kind: Kind, fn: AnyFunction, handler: Handler): this {
    this.handlers.set(getFunctionName(fn), { kind, handler });
    return this;
  }

  private answer(kind: Kind, fn: AnyFunction, args: Record<string, unknown>): unknown {
    const name = getFunctionName(fn);
    const entry = this.handlers.get(name);
    if (!entry) throw new Error(`FakeConvex: no answer registered for ${kind} ${name}`);
    if (entry.kind !== kind) throw new Error(`FakeConvex: ${name} was registered as a ${entry.kind}, called as a ${kind}`);
    return entry.handler(args as never);
  }

  private noteQuery(query: AnyFunction, args: Record<string, unknown>) {
    const name = getFunctionName(query);
    const key = `${name} ${JSON.stringify(args)}`;
    if (this.askedQueries.has(key)) return;
    this.askedQueries.add(key);
    this.calls.push({ kind: "query", name, args });
  }

  private call(kind: "mutation" | "action", fn: AnyFunction, args: Record<string, unknown> = {}): Promise<unknown> {
    this.calls.push({ kind, name: getFunctionName(fn), args });
    try {
      return Promise.resolve(this.answer(kind, fn, args));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private readonly surface = {
    watchQuery: (query: AnyFunction, args: Record<string, unknown> = {}) => {
      this.noteQuery(query, args);
      return {
        onUpdate: (callback: () => void) => {
          this.listeners.add(callback);
          return () => this.listeners.delete(callback);
        },
        localQueryResult: () => this.answer("query", query, args),
        journal: () => undefined,
      };
    },
    query: (query: AnyFunction, args: Record<string, unknown> = {}) => {
      this.noteQuery(query, args);
      try {
        return Promise.resolve(this.answer("query", query, args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    mutation: (mutation: AnyFunction, args?: Record<string, unknown>) => this.call("mutation", mutation, args),
    action: (action: AnyFunction, args?: Record<string, unknown>) => this.call("action", action, args),
    prewarmQuery: () => {},
    // ConvexProviderWithAuth hands the session's token over; the fake server accepts any.
    setAuth: (fetchToken: (args: { forceRefreshToken: boolean }) => Promise<string | null>, onChange: (ok: boolean) => void) => {
      void fetchToken({ forceRefreshToken: false }).then((token) => onChange(token !== null));
    },
    clearAuth: () => {},
    connectionState: () => ({ isWebSocketConnected: true, hasEverConnected: true, hasInflightRequests: false }),
    subscribeToConnectionState: () => () => {},
  };
}

const fetchToken = () => Promise.resolve("fake-session-token");
const signedIn = { isLoading: false, isAuthenticated: true, fetchAccessToken: fetchToken };
const signedOut = { isLoading: false, isAuthenticated: false, fetchAccessToken: () => Promise.resolve(null) };

type ConvexRenderOptions = Omit<RenderOptions, "wrapper"> & {
  /** Whether the session is signed in, as `useConvexAuth` reports it. Unset: no auth provider. */
  session?: "signedIn" | "signedOut";
};

/** Renders `ui` under a Convex provider whose client is `convex`. */
export function renderWithConvex(convex: FakeConvex, ui: ReactNode, { session, ...options }: ConvexRenderOptions = {}) {
  const useAuth = session === "signedIn" ? () => signedIn : () => signedOut;
  return render(ui, {
    ...options,
    wrapper: ({ children }) =>
      session ? (
        <ConvexProviderWithAuth client={convex.client} useAuth={useAuth}>
          {children}
        </ConvexProviderWithAuth>
      ) : (
        <ConvexProvider client={convex.client}>{children}</ConvexProvider>
      ),
  });
}

/** A page of a paginated query's answer, as `paginationResult` from the server would give it. */
export function onePage<T>(page: T[], isDone = true) {
  return { page, isDone, continueCursor: isDone ? "" : `after-${page.length}` };
}

/** A document id for fake answers (ids are branded strings in the generated types). */
export function fakeId<Table extends TableNames | "_storage">(_table: Table, id: string): Id<Table> {
  return id as Id<Table>;
}
