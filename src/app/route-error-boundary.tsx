import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ErrorScreen } from "@/components/layout/error-screen";

type BoundaryProps = { children: ReactNode; fullScreen: boolean; locationKey: string };
type BoundaryState = { failed: boolean; error: unknown; locationKey: string };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  // Another page (or the same page at another URL) gets a fresh try, as with the data router.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, error: undefined, locationKey: props.locationKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("A page failed to render", error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorScreen fullScreen={this.props.fullScreen} detail={describe(this.state.error)} />;
  }
}

/**
 * The error screen in place of `children` when they throw while rendering (a page that failed,
 * or whose code could not be downloaded); cleared by the next navigation. Around a page the
 * header stays so people can move on; around the layout (`fullScreen`) it fills the screen.
 */
export function RouteErrorBoundary({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) {
  const { key } = useLocation();
  return (
    <Boundary fullScreen={fullScreen} locationKey={key}>
      {children}
    </Boundary>
  );
}
