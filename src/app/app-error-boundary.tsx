import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "@/components/layout/error-screen";

type Props = { children: ReactNode };
type State = { error: Error | null };

/**
 * Last line of defence around the whole app (providers included). Errors inside routes are
 * caught earlier by the router's error boundaries, which keep the header visible.
 */
export class AppErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Unhandled error in the app", error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorScreen fullScreen detail={this.state.error.message} />;
    return this.props.children;
  }
}
