/** The part of keytar the vault uses (the OS keychain: Keychain, Credential Manager, Secret Service). */
export interface KeychainLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * The keychain account of the trusted-device token ("Don't ask again on this device for 30 days"): beside the session
 * token under the same service, so logging out (which clears the session token) leaves the device trusted.
 */
export const deviceTokenAccount = (serverOrigin: string) => `${serverOrigin} trusted-device`;

export interface TokenVault {
  /** The token, and whether it survives a restart (false: only in this session's memory). */
  get(): Promise<{ token: string | null; persistent: boolean }>;
  set(token: string): Promise<{ persistent: boolean }>;
  clear(): Promise<void>;
}

/**
 * One secret in the OS keychain under `service` (per flavor) and `account`: the session token (account: the server
 * origin), or the trusted-device token (`deviceTokenAccount`). When the keychain cannot be reached (no keytar, no Secret Service, a locked keychain), the token lives in memory for this
 * session only and `persistent` says so. It is never written to disk by us.
 */
export function createTokenVault(options: { keychain: KeychainLike | null; service: string; account: string; onError?: (error: unknown) => void }): TokenVault {
  const { keychain, service, account } = options;
  const onError = options.onError ?? (() => undefined);
  let memory: string | null = null;
  let persistent = keychain !== null;

  return {
    async get() {
      if (memory !== null || !keychain) return { token: memory, persistent };
      try {
        memory = await keychain.getPassword(service, account);
        persistent = true;
      } catch (error) {
        onError(error);
        persistent = false;
      }
      return { token: memory, persistent };
    },
    async set(token) {
      memory = token;
      if (!keychain) return { persistent: (persistent = false) };
      try {
        await keychain.setPassword(service, account, token);
        persistent = true;
      } catch (error) {
        onError(error);
        persistent = false;
      }
      return { persistent };
    },
    async clear() {
      memory = null;
      if (!keychain) return;
      try {
        await keychain.deletePassword(service, account);
      } catch (error) {
        // The keychain could not be reached: nothing of ours is in it beyond what a later clear removes.
        onError(error);
      }
    },
  };
}
