import { tEnglish } from '../i18n';
/**
 * A server or action error, announced at once (role="alert"). Rendered only while there is a message, so an
 * expired message leaves nothing behind.
 */
export function AlertMessage({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="alert-message" role="alert">
      {tEnglish(message)}
    </p>
  );
}
