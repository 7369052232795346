import { useState } from 'react';
import { Button } from '../ui/button';
import { logout } from './logout';

/** The Logout button: busy while the server is told, then the page goes to /login. */
export function LogoutButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' | 'link' }) {
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
      Logout
    </Button>
  );
}
