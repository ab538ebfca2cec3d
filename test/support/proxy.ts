// A forward proxy on loopback (CONNECT tunnels and absolute-form requests) that records its use.
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface ProxyUse {
  method: string;
  target: string;
  authorization: string;
}

export class TestProxy {
  readonly uses: ProxyUse[] = [];
  readonly server = http.createServer((req, res) => this.#forward(req, res));

  constructor() {
    this.server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      this.#record(req);
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  }

  async start(): Promise<number> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  #record(req: http.IncomingMessage): void {
    this.uses.push({
      method: req.method ?? '',
      target: req.url ?? '',
      authorization: String(req.headers['proxy-authorization'] ?? ''),
    });
  }

  #forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.#record(req);
    const url = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }
}
