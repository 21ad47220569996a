import { createContext } from "react";

export type ToastTone = "success" | "error" | "info";

export type ToastInput = {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it hides itself; errors default to longer so they can be read. */
  duration?: number;
};

export type ToastApi = {
  show: (toast: ToastInput) => void;
  success: (title: string, description?: string) => void;
  error: (title: string, description?: string) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);
