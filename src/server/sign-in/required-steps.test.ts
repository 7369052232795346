import { describe, expect, it } from 'vitest';
import { nextRequiredStep, type StepFacts } from './required-steps';

const base: StepFacts = { verified: true, mfa: { required: false, setUp: false }, multiFactor: false, secondFactorPassed: false };

describe('nextRequiredStep', () => {
  it('asks an unverified account to verify first, whatever else holds', () => {
    expect(nextRequiredStep({ ...base, verified: false, mfa: { required: true, setUp: true }, multiFactor: true })).toBe('verify-email');
  });
  it('asks for the second factor when one is required and the first factor was one', () => {
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: true } })).toBe('second-factor');
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: false } })).toBe('set-up-second-factor');
  });
  it('finishes when the first factor counted as two, or a second one was passed', () => {
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: true }, multiFactor: true })).toBe('done');
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: false }, multiFactor: true })).toBe('done');
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: true }, secondFactorPassed: true })).toBe('done');
  });
  it('skips the second factor on a trusted device, but never its setup or the verification', () => {
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: true }, trustedDevice: true })).toBe('done');
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: false }, trustedDevice: true })).toBe('set-up-second-factor');
    expect(nextRequiredStep({ ...base, verified: false, mfa: { required: true, setUp: true }, trustedDevice: true })).toBe('verify-email');
    expect(nextRequiredStep({ ...base, mfa: { required: true, setUp: true }, trustedDevice: false })).toBe('second-factor');
  });
  it('finishes at once when nothing is required', () => {
    expect(nextRequiredStep(base)).toBe('done');
  });
});
