import { tEnglish, useLanguage } from '../i18n';
import { useState } from 'react';
import { Button } from '../ui/button';
import { logout } from './logout';

/** The Logout button: busy while the server is told, then the page goes to /login. */
export function LogoutButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' | 'link' }) {
  // Its text is English here and shown in the screen's language (workspace.logout, loaded with the screens).
  useLanguage();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void logout();
      }}
    >
      {tEnglish('Logout')}
    </Button>
  );
}
