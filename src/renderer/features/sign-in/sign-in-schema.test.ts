import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/validation/messages';
import { SignInSchema, type SignInInput } from './sign-in-schema';

// The resolver the form uses: it reports the first message per field, as the form shows it.
const resolver = zodResolver(SignInSchema);
const validate = (values: SignInInput) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('sign-in form validation', () => {
  it("shows 'Required*' under both empty fields and does not submit", async () => {
    const result = await validate({ identifier: '', password: '' });
    expect(result.errors.identifier?.message).toBe('Required*');
    expect(result.errors.password?.message).toBe('Required*');
    expect(result.values).toEqual({});
  });

  it("treats a blank identifier as empty: 'Required*'", async () => {
    const result = await validate({ identifier: '   ', password: 'long enough' });
    expect(result.errors.identifier?.message).toBe('Required*');
  });

  it('shows the minimum-length message for a short password', async () => {
    const result = await validate({ identifier: 'ada', password: 'short' });
    expect(result.errors.password?.message).toBe(MESSAGES.passwordMin);
    expect(MESSAGES.passwordMin).toBe('Password must be at least 8 characters.');
    expect(result.errors.identifier).toBeUndefined();
  });

  it('passes valid values through, trimmed', async () => {
    const result = await validate({ identifier: '  ada@example.com ', password: 'Secret#123' });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ identifier: 'ada@example.com', password: 'Secret#123' });
  });
});
