/** Which field of the settings forms an identity error belongs on (document 2, section 8); null: the snackbar. */
export function settingsErrorField(code: string | undefined, form: 'password' | 'code'): 'password' | 'code' | null {
  if (code === 'CodeMismatchException' || code === 'ExpiredCodeException') return form === 'code' ? 'code' : null;
  if (code === 'NotAuthorizedException' || code === 'InvalidPasswordException') return form === 'password' ? 'password' : null;
  return null;
}
