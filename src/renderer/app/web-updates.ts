import { create } from 'zustand';
import { platform } from '../platform';
import { showToast } from '../ui/toast';

/** How long the "loading the new version" notice shows before the page reloads. */
const NOTICE_MS = 1500;

interface WebUpdateState {
  /** A new version is installed and waits for a safe moment (the user is filling in a form). */
  waiting: boolean;
}

export const useWebUpdateStore = create<WebUpdateState>()(() => ({ waiting: false }));

let apply: (() => void) | null = null;
/** The user has typed into this page since it opened: reloading now would lose it. */
let formInUse = false;

function applyNow(): void {
  if (!apply) return;
  const run = apply;
  apply = null;
  run();
}

/** Reloads into the new version, telling the user first; only while no form is being filled in. */
function applyIfSafe(): void {
  if (!apply) return;
  if (formInUse) {
    useWebUpdateStore.setState({ waiting: true });
    return;
  }
  showToast('A new version of Suite Portal is available. Loading it now…');
  setTimeout(() => (formInUse ? useWebUpdateStore.setState({ waiting: true }) : applyNow()), NOTICE_MS);
}

let started = false;

/**
 * The web portal's updates (spec section 4: the service worker reloads the page on update): a newly deployed version
 * installs in the background; the page reloads into it at once when the user is not filling in a form, otherwise at
 * the next page change, or when the user presses "Reload now". The desktop apps' platform never reports one.
 */
export function startWebUpdates(): void {
  if (started) return;
  started = true;
  document.addEventListener('input', () => (formInUse = true), { capture: true });
  platform.serviceWorker.start((ready) => {
    apply = ready;
    applyIfSafe();
  });
}

/** A route change is a safe moment: the form the user was filling in is done or left. Also a cheap update check. */
export function routeChanged(): void {
  formInUse = false;
  if (apply) applyNow();
  else platform.serviceWorker.checkForUpdate();
}

/** "Reload now" on the banner. */
export const reloadIntoUpdate = applyNow;
