import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { ErrorScreen } from "@/components/layout/error-screen";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Router errorElement for a page that threw; the header stays so people can move on. */
export function PageErrorScreen() {
  return <ErrorScreen detail={describe(useRouteError())} />;
}

/** Router errorElement for the layout itself: nothing of the page is left, so fill the screen. */
export function RootErrorScreen() {
  return <ErrorScreen fullScreen detail={describe(useRouteError())} />;
}
