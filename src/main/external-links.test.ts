import { describe, expect, it } from 'vitest';
import { resolveExternalLink } from './external-links';

const CONFIG = { helpVideoUrl: 'https://videos.example.com/watch?v=1', documentsUrl: null, support: { email: 'help@example.com' } };

describe('resolveExternalLink', () => {
  it('opens only what the server configured, by name', () => {
    expect(resolveExternalLink(CONFIG, 'helpVideo')).toBe('https://videos.example.com/watch?v=1');
    expect(resolveExternalLink(CONFIG, 'documents')).toBeNull();
    expect(resolveExternalLink(CONFIG, 'support')).toBe('mailto:help@example.com');
    expect(resolveExternalLink({ ...CONFIG, support: { url: 'https://help.example.com' } }, 'support')).toBe('https://help.example.com');
  });

  it('never opens another scheme', () => {
    expect(resolveExternalLink({ ...CONFIG, helpVideoUrl: 'file:///etc/passwd' }, 'helpVideo')).toBeNull();
    expect(resolveExternalLink({ ...CONFIG, support: { url: 'javascript:alert(1)' } }, 'support')).toBeNull();
  });
});
