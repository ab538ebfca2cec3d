// An API root on a loopback port where nothing listens: connections are refused.
import { once } from 'node:events';
import net from 'node:net';

export async function refusedBaseUrl(): Promise<string> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}
