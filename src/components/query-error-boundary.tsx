import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { readServerError } from "@/lib/convex-error";

type Props = {
  children: ReactNode;
  /** When this changes after an error (new filters, another work), the children get a new try. */
  resetKey?: string;
  /** Defaults to ErrorState: 'エラー: {message}' with 再読み込み. */
  fallback?: (message: string) => ReactNode;
};
type State = { error: unknown; failedKey: string | undefined; hasError: boolean };

/**
 * useQuery throws when the server refuses a query; this keeps the failure inside the section
 * that asked (the header and the rest of the page stay) and shows the server's own message.
 */
export class QueryErrorBoundary extends Component<Props, State> {
  state: State = { error: undefined, failedKey: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.hasError && state.failedKey === undefined) return { failedKey: props.resetKey ?? "" };
    if (state.hasError && (props.resetKey ?? "") !== state.failedKey) {
      return { error: undefined, hasError: false, failedKey: undefined };
    }
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("A section failed to load", error, info.componentStack);
  }

  render() {
    if (!this.state.hasError) return this.props.children;
    const message = readServerError(this.state.error).message;
    return this.props.fallback ? this.props.fallback(message) : <ErrorState message={message} />;
  }
}
