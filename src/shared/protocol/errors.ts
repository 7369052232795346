// No zod schema here: /login's first paint reads the codes and CallError; the schemas are in `envelope.ts`.

/**
 * The closed list of error codes a reply can carry. Every error the server sends uses one of these,
 * and the client decides what to do from the code alone (401 logs out, 429 shows when to retry).
 */
export const ERROR_CODES = {
  /** The payload failed the contract's schema, or a value in it is not acceptable (a malformed code, a bad orgId). */
  BAD_REQUEST: 400,
  /** No valid session: the token is missing, malformed, expired or revoked. The client logs out. */
  UNAUTHENTICATED: 401,
  /** Understood and refused: wrong credentials, not a member of that organization, address outside its IP ranges, role not allowed. */
  FORBIDDEN: 403,
  /** The thing named does not exist (organization, code, invitation), or the feature is not available on this server yet. */
  NOT_FOUND: 404,
  /** The request clashes with current state: already exists, already used, already accepted. */
  CONFLICT: 409,
  /** Too many attempts; `data.retryAfter` says in how many seconds to try again. */
  TOO_MANY_ATTEMPTS: 429,
  /** The server failed; nothing was changed. Safe to retry later. */
  INTERNAL: 500,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

/** Extra facts an error reply may carry in `data` (checked by `ErrorDataSchema` in `envelope.ts`). */
/** The steps an app's sign-in leaves to the portal: verify the address, set up the second factor, change the password. */
export type PortalStep = 'verify-email' | 'set-up-second-factor' | 'change-password';

export interface ErrorData {
  /** Seconds until another attempt is allowed (with 429). */
  retryAfter?: number;
  /** Whether the client should offer a sign-in button (client invitation failures). */
  showButton?: boolean;
  /** A client invitation already accepted: its password was shown then, and the screen says how to reset it. */
  alreadyAccepted?: boolean;
  /** An app's sign-in (/authorize) that needs a step on the portal first: the screen links to the portal for it. */
  portalStep?: PortalStep;
  /** Which payload fields failed validation (with 400). */
  fields?: string[];
  /** Each failed field with its own message (with 400), for forms that show every one (an imported list's rows). */
  issues?: { path: string; message: string }[];
}

/** An error as a caller sees it: the code from the closed list, a message for people, and optional data. */
export class CallError extends Error {
  readonly code: ErrorCode;
  readonly data: ErrorData | null;

  constructor(code: ErrorCode, message: string, data: ErrorData | null = null) {
    // A refusal is an answer, not a fault: no stack trace to capture (V8 spends microseconds on each, and a flood of
    // refused calls makes thousands). Elsewhere the limit is an unknown property and changes nothing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'CallError';
    this.code = code;
    this.data = data;
  }
}
