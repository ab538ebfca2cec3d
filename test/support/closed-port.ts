// An API root on a loopback port where nothing listens: connections are refused. The discard port
// (9), not a port that was free a moment ago: a server of this or another test file, started with
// port 0, can be given that one again before the connection is tried, and would answer it. No port
// below 1024 is ever handed out for port 0, so no test's server can take this one.
import net from 'node:net';

const REFUSED = { host: '127.0.0.1', port: 9 };

export async function refusedBaseUrl(): Promise<string> {
  // Checked, so that a machine where something does listen there fails here, saying so.
  const socket = net.connect(REFUSED);
  const outcome = await new Promise<string | undefined>((resolve) => {
    socket.once('connect', () => resolve('a connection'));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code));
  });
  socket.destroy();
  if (outcome !== 'ECONNREFUSED') {
    throw new Error(`127.0.0.1:9 should refuse connections, but gave ${outcome}`);
  }
  return `http://${REFUSED.host}:${REFUSED.port}/v1`;
}
