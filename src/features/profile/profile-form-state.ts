import { useCallback, useState } from "react";
import {
  normalizeHandle,
  PROFILE_FIELDS,
  PROFILE_MESSAGES,
  type ProfileField,
  type ProfileFieldErrors,
  type ProfileInput,
} from "../../../convex/model/profileRules";

export type { ProfileField, ProfileFieldErrors, ProfileInput };

/** Errors a form can show: the profile fields plus the photo. */
export type FormErrors = ProfileFieldErrors & { photo?: string };

/** The profile as the forms start from it; missing values are empty strings. */
export type ProfileSource = {
  handle: string | null;
  displayName: string;
  bio: string;
  location: string;
  websiteUrl: string;
  githubUrl: string;
  twitterUrl: string;
};

export function profileInputFrom(source: ProfileSource): ProfileInput {
  return {
    handle: source.handle ?? "",
    displayName: source.displayName,
    bio: source.bio,
    location: source.location,
    githubUrl: source.githubUrl,
    twitterUrl: source.twitterUrl,
    websiteUrl: source.websiteUrl,
  };
}

/** True when any field differs from where the form started (ignoring surrounding spaces). */
export function profileInputChanged(current: ProfileInput, initial: ProfileInput): boolean {
  return PROFILE_FIELDS.some((field) => current[field].trim() !== initial[field].trim());
}

/** Only the entries of `errors` for the given fields (a wizard step validates its own part). */
export function pickErrors(errors: FormErrors, fields: readonly ProfileField[]): FormErrors {
  const picked: FormErrors = {};
  for (const field of fields) if (errors[field]) picked[field] = errors[field];
  return picked;
}

export const hasErrors = (errors: FormErrors) => Object.values(errors).some(Boolean);

/**
 * Values and errors of a profile form. Editing a field clears its error, and the user id is
 * forced to lowercase a-z, 0-9 and _ as it is typed (docs/product.md "Profile setup and edit").
 */
export function useProfileForm(initial: ProfileInput) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  const setField = useCallback((field: ProfileField, raw: string) => {
    const value = field === "handle" ? normalizeHandle(raw) : raw;
    setValues((current) => ({ ...current, [field]: value }));
    // A stripped character would otherwise vanish without a word, so say why it did.
    if (field === "handle" && value !== raw.normalize("NFKC").toLowerCase()) {
      setErrors((errors) => ({ ...errors, handle: PROFILE_MESSAGES.handleCharacters }));
    } else {
      clearError(setErrors, field);
    }
  }, []);

  const clearPhotoError = useCallback(() => clearError(setErrors, "photo"), []);

  return { values, errors, setErrors, setField, clearPhotoError };
}

function clearError(setErrors: (update: (errors: FormErrors) => FormErrors) => void, key: keyof FormErrors) {
  setErrors((errors) => {
    if (!errors[key]) return errors;
    const { [key]: _cleared, ...rest } = errors;
    return rest;
  });
}
