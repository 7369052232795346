// The ceiling of the call benchmarks: a bare socket.io server of the same version, answering every event with the
// portal's reply envelope ({ event, data, error, code, rid }) and doing nothing else.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { RESPONSE_EVENT } from '../src/shared/protocol';

const httpServer = createServer();
const io = new Server(httpServer, { maxHttpBufferSize: 64 * 1024, serveClient: false, cors: { origin: false } });
io.on('connection', (socket) => {
  socket.onAny((event: unknown, payload: unknown, meta: { rid?: string } | undefined) => {
    socket.emit(RESPONSE_EVENT, { event: String(event), data: payload ?? null, error: null, code: 200, rid: meta?.rid });
  });
});
httpServer.listen(0, '127.0.0.1', () => {
  const { port } = httpServer.address() as { port: number };
  process.stdout.write(`echo listening http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => {
  void io.close();
  httpServer.close(() => process.exit(0));
});
