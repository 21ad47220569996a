import { useContext } from "react";
import { ToastContext, type ToastApi } from "./toast-context";

/** Success/error messages for the whole app; use this instead of window.alert. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider> (see app/providers.tsx)");
  return api;
}
