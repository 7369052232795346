import { describe, expect, it } from 'vitest';
import { safeInternalPath } from './previous-url';

describe('safeInternalPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeInternalPath('/invite/abc123')).toBe('/invite/abc123');
    expect(safeInternalPath('/verify-organization/42?step=2#otp')).toBe('/verify-organization/42?step=2#otp');
  });

  it('rejects other origins and protocol-relative URLs', () => {
    expect(safeInternalPath('https://evil')).toBeNull();
    expect(safeInternalPath('https://evil.example/workspace')).toBeNull();
    expect(safeInternalPath('//evil')).toBeNull();
    expect(safeInternalPath('//evil.example/path')).toBeNull();
  });

  it('rejects script URLs and tricks browsers would turn into another host', () => {
    expect(safeInternalPath('javascript:alert(1)')).toBeNull();
    expect(safeInternalPath('/\\evil.example')).toBeNull();
    expect(safeInternalPath('/\t/evil.example')).toBeNull();
    expect(safeInternalPath('/\n/evil.example')).toBeNull();
  });

  it('rejects empty and relative values', () => {
    expect(safeInternalPath(null)).toBeNull();
    expect(safeInternalPath('')).toBeNull();
    expect(safeInternalPath('workspace')).toBeNull();
  });
});
