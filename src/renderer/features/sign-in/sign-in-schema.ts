import * as z from 'zod';
import { LoginPayloadSchema } from '../../../shared/protocol';

/**
 * The sign-in form: the identifier and password rules of the `login` contract itself, so the form and the server
 * agree on every rule and message (identifier required 'Required*'; password required, at least 8).
 */
export const SignInSchema = z.object({
  identifier: LoginPayloadSchema.shape.identifier.unwrap(),
  password: LoginPayloadSchema.shape.password,
});
export type SignInInput = z.input<typeof SignInSchema>;
export type SignInValues = z.output<typeof SignInSchema>;

export type SignInErrors = Partial<Record<keyof SignInInput, string>>;

/**
 * The form's check, with the first message of each field as the form shows it; `values` only when both are valid.
 * This module (zod and the contract's rules) loads after the first paint: the form asks for it when it is submitted.
 */
export function checkSignIn(input: SignInInput): { values: SignInValues | null; errors: SignInErrors } {
  const parsed = SignInSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'identifier' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return { values: null, errors };
}
