import { useEffect, useState } from 'react';
import { call } from '../api/connection';

export interface CompanyDetails {
  company: string;
  companyLogo: string | null;
}

type CompanyState = { status: 'loading' } | { status: 'ready'; details: CompanyDetails } | { status: 'failed' };

// One lookup per organization per page load: every /{orgId}/… screen shows the same panel.
const cache = new Map<string, Promise<CompanyDetails>>();

function fetchCompanyDetails(orgId: string): Promise<CompanyDetails> {
  let pending = cache.get(orgId);
  if (!pending) {
    pending = call('getCompanyDetails', { orgId });
    // A failure is not remembered: the next screen may try again.
    pending.catch(() => cache.delete(orgId));
    cache.set(orgId, pending);
  }
  return pending;
}

/** Company name and logo for the sign-in screens of /{orgId}/… (spec section 1). */
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
