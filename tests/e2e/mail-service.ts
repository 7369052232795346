import { createServer } from 'node:http';
import { startSmtpReceiver } from '../mail/smtp-receiver';

/**
 * The end-to-end mailbox: a real SMTP receiver the server under test sends to (SMTP_URL), and a small HTTP
 * endpoint through which the specs, in their worker processes, read what arrived. Started from the Playwright
 * config in the runner's main process, before the web server starts; both sockets are unref'd so they end with it.
 */
export function startMailService(smtpPort: number, httpPort: number): void {
  void startSmtpReceiver(smtpPort).then(
    (receiver) => {
      const http = createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://mail.invalid');
        if (url.pathname !== '/messages') {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(receiver.messages));
      });
      http.listen(httpPort, '127.0.0.1');
      http.unref();
      receiver.unref();
    },
    (error: unknown) => {
      console.error(`The e2e SMTP receiver could not start on port ${smtpPort}:`, error);
    },
  );
}
