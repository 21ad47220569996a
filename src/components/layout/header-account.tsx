/** Right side of the header. Sign-in button, notifications and the user menu land here with auth. */
export function HeaderAccount() {
  return null;
}
