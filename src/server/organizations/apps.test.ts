import { describe, expect, it } from 'vitest';
import { assertPublicLogoutUri } from './apps';

const refused = { code: 400, message: 'A back-channel logout URI must be a public address: this server does not send to its own or a private network.', data: { fields: ['backchannelLogoutUri'] } };

describe("an organization's back-channel logout URI", () => {
  it('is never an internal address on a deployment served over https', () => {
    for (const uri of ['https://localhost/logout', 'https://app.localhost/logout', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://172.20.0.1/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[fd00::1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://0.0.0.0/x']) {
      expect(() => assertPublicLogoutUri(uri, 'https://portal.example.com'), uri).toThrow(expect.objectContaining(refused));
    }
  });

  it('may be any public host there, and local addresses on a local (plain http) deployment such as the tests', () => {
    expect(() => assertPublicLogoutUri('https://notes.example.com/logout', 'https://portal.example.com')).not.toThrow();
    expect(() => assertPublicLogoutUri('https://93.184.216.34/logout', 'https://portal.example.com')).not.toThrow();
    expect(() => assertPublicLogoutUri(null, 'https://portal.example.com')).not.toThrow();
    expect(() => assertPublicLogoutUri('http://127.0.0.1:4000/logout', 'http://127.0.0.1:3000')).not.toThrow();
  });
});
