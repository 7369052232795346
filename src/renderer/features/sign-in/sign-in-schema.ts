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
