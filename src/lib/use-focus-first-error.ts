import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * After a failed submit, moves focus to the first invalid field of the form, so keyboard and
 * screen-reader users land on the message. Runs after render, once the errors are on screen.
 */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, formRef]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
