import { useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/use-toast";
import { LIMITS } from "../../convex/constants";

/**
 * Copies text to the clipboard: `copied` reads true for LIMITS.shareCopiedMs afterwards (the
 * button says コピー済み), and a refused clipboard shows `failure` as a toast.
 */
export function useCopied(failure: string) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(failure);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LIMITS.shareCopiedMs);
  };
  return { copied, copy };
}
