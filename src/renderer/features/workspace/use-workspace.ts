import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProductKey } from '../../../shared/products';
import type { Organization } from '../../../shared/protocol';
import { call, errorMessage } from '../../api';
import { COOKIES, readCookie } from '../../session/local-values';
import { forgetPreviousUrl, peekPreviousUrl } from '../../session/saved-session';
import { useSessionStore } from '../../session/session-store';
import { useTimedMessage } from '../../ui/use-timed-message';
import { organizationsLoaded } from '../menu/active-organization';
import { openProduct } from './open-product';
import { rememberLogo } from './remember-logo';
import { decideLanding, type ProductChoice } from './workspace-logic';

export type WorkspaceState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'opening'; product: ProductKey }
  | { status: 'ready'; list: Organization[]; activeOrgId: string | null; serial: number };

/** The workspace's data and actions: one `getWorkspaceList`, the landing rules, Next and Reload. */
export function useWorkspace() {
  const navigate = useNavigate();
  const [state, setState] = useState<WorkspaceState>({ status: 'loading' });
  const [error, showError] = useTimedMessage();
  // Next was pressed and the browser is on its way to the product.
  const [opening, setOpening] = useState(false);
  const email = useSessionStore((session) => session.email);
  const requested = useRef(false);
  const serial = useRef(0);

  const knownEmail = useCallback(() => email ?? readCookie(COOKIES.email), [email]);

  const fetchList = useCallback(async () => {
    let reply: { list: Organization[]; activeOrgId: string | null };
    try {
      reply = await call('getWorkspaceList', { requirePlanDetails: true });
    } catch (failure) {
      setState({ status: 'failed', message: errorMessage(failure) });
      return;
    }
    const ready: WorkspaceState = { status: 'ready', ...reply, serial: ++serial.current };
    organizationsLoaded(reply.list, reply.activeOrgId);
    const landing = decideLanding(reply.list, peekPreviousUrl());
    if (landing.kind === 'previous-url') {
      forgetPreviousUrl();
      navigate(landing.path, { replace: true });
      return;
    }
    if (landing.kind !== 'open-product') {
      // A transition: React renders the organizations and product tiles in slices, between which the page answers a
      // tap, instead of in one long task (npm run bench -- tbt).
      startTransition(() => setState(ready));
      return;
    }
    setState({ status: 'opening', product: landing.choice.product });
    rememberLogo(reply.list.find((org) => org.orgId === landing.choice.orgId));
    try {
      // The desktop shell opens the product beside the portal, which then shows the selection.
      if ((await openProduct(landing.choice, knownEmail())).portalStays) setState(ready);
    } catch (failure) {
      // The way straight in failed: show the selection, so the user sees the choice and the reason.
      setState(ready);
      showError(errorMessage(failure));
    }
  }, [knownEmail, navigate, showError]);

  useEffect(() => {
    // Once per visit, even when React runs effects twice in development.
    if (requested.current) return;
    requested.current = true;
    void fetchList();
  }, [fetchList]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    showError(null);
    void fetchList();
  }, [fetchList, showError]);

  const next = useCallback(
    async (choice: ProductChoice) => {
      setOpening(true);
      showError(null);
      try {
        // Leaving for the product: Next stays busy, unless the portal stays on screen (desktop shell).
        if ((await openProduct(choice, knownEmail())).portalStays) setOpening(false);
      } catch (failure) {
        showError(errorMessage(failure));
        setOpening(false);
      }
    },
    [knownEmail, showError],
  );

  return { state, error, opening, email: knownEmail(), reload, next };
}
