import type { LoginReply } from '../../../shared/protocol';
import { call } from '../../api';
import { platform, type MicrosoftPopupResult } from '../../platform';

/** What the sign-in screen says when the Microsoft window ends without a code. */
export const MICROSOFT_POPUP_MESSAGES = {
  closed: 'Microsoft sign-in was closed before it finished.',
  blocked: 'The Microsoft sign-in window could not open. Allow pop-ups for this site and try again.',
  cancelled: 'Microsoft sign-in was cancelled.',
  refused: (reason: string) => `Microsoft could not sign you in: ${reason}`,
} as const;

/** The message for a Microsoft window that came back without a code. */
export function microsoftProblem(result: Exclude<MicrosoftPopupResult, { outcome: 'code' }>): string {
  switch (result.outcome) {
    case 'closed':
      return MICROSOFT_POPUP_MESSAGES.closed;
    case 'blocked':
      return MICROSOFT_POPUP_MESSAGES.blocked;
    case 'error':
      if (result.error === 'access_denied') return MICROSOFT_POPUP_MESSAGES.cancelled;
      // The provider's own words, cut before Entra's trace and correlation ids.
      return MICROSOFT_POPUP_MESSAGES.refused((result.description ?? result.error).split(/\r?\n|Trace ID/)[0]!.trim() || result.error);
  }
}

/** After the popup: msLogin with its code (the reply goes on like a password sign-in's), or what to tell the user. */
export async function finishMicrosoftSignIn(result: MicrosoftPopupResult, binding: string): Promise<{ reply: LoginReply } | { problem: string }> {
  if (result.outcome !== 'code') return { problem: microsoftProblem(result) };
  const iss = result.iss ?? undefined;
  const reply = await call('msLogin', { code: result.code, state: result.state, binding, ...(iss ? { iss } : {}), platform: platform.deviceKind(), ...platform.loginFacts() });
  return { reply };
}
