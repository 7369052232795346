import { useEffect, useState } from 'react';
import { call } from '../api/connection';
import { offerLanguage } from '../i18n';
import type { Language } from '../../shared/i18n/languages';

export interface CompanyDetails {
  company: string;
  companyLogo: string | null;
  /** The language of the organization's signed-out pages, chosen by its admins (null or absent: the visitor's browser). */
  language?: Language | null;
}

type CompanyState = { status: 'loading' } | { status: 'ready'; details: CompanyDetails } | { status: 'failed' };

// One lookup per organization per page load: every /{orgId}/… screen shows the same panel.
const cache = new Map<string, Promise<CompanyDetails>>();

function fetchCompanyDetails(orgId: string): Promise<CompanyDetails> {
  let pending = cache.get(orgId);
  if (!pending) {
    pending = call('getCompanyDetails', { orgId });
    // The organization's language, unless the visitor chose one (the server's page already is in it).
    pending.then((details) => offerLanguage(details.language ?? null), () => undefined);
    // A failure is not remembered: the next screen may try again.
    pending.catch(() => cache.delete(orgId));
    cache.set(orgId, pending);
  }
  return pending;
}

/** Company name and logo for the sign-in screens of /{orgId}/… (spec section 1), shown in its language (offerLanguage). */
export function useCompanyDetails(orgId: string): CompanyState {
  const [state, setState] = useState<{ orgId: string; value: CompanyState }>({ orgId, value: { status: 'loading' } });

  useEffect(() => {
    let current = true;
    fetchCompanyDetails(orgId).then(
      (details) => current && setState({ orgId, value: { status: 'ready', details } }),
      () => current && setState({ orgId, value: { status: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [orgId]);

  // A state left over from another orgId is not this organization's.
  return state.orgId === orgId ? state.value : { status: 'loading' };
}
