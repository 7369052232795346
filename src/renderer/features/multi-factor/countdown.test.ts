import { describe, expect, it } from 'vitest';
import { MFA_RESEND_SECONDS, resendLabel } from './countdown';

describe('resend countdown', () => {
  it('waits 30 seconds and shows the wait on the button', () => {
    expect(MFA_RESEND_SECONDS).toBe(30);
    expect(resendLabel(30)).toBe('Resend OTP in 30s');
    expect(resendLabel(0)).toBe('Resend OTP');
  });
});
