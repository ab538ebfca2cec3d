// A forward proxy on loopback (CONNECT tunnels and absolute-form requests) that records its use.
// Every host it is asked for is reached on 127.0.0.1, so tests can name a host that is not
// loopback (the action never proxies loopback) while all traffic stays on this machine.
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface ProxyUse {
  method: string;
  target: string;
  authorization: string;
}

export interface ProxyOptions {
  /** Answer every CONNECT with this status instead of opening the tunnel, e.g. 407, 403, 502. */
  refuseStatus?: number;
}

/** Where the proxy connects for `host`: always loopback. */
const LOOPBACK = '127.0.0.1';

export class TestProxy {
  readonly uses: ProxyUse[] = [];
  readonly server = http.createServer((req, res) => this.#forward(req, res));
  readonly options: ProxyOptions;

  constructor(options: ProxyOptions = {}) {
    this.options = options;
    this.server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      this.#record(req);
      client.on('error', () => client.destroy());
      const refuse = this.options.refuseStatus;
      if (refuse !== undefined) {
        const reason = http.STATUS_CODES[refuse] ?? 'Refused';
        const challenge = refuse === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : '';
        client.end(`HTTP/1.1 ${refuse} ${reason}\r\n${challenge}Content-Length: 0\r\n\r\n`);
        return;
      }
      const port = Number((req.url ?? '').split(':').pop());
      const upstream = net.connect(port, LOOPBACK, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  }

  async start(): Promise<number> {
    this.server.listen(0, LOOPBACK);
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
        host: LOOPBACK,
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
