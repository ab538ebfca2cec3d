// A local marketplace that speaks the API of the marketplace's document, with fault injection.
// Used by the tests, `npm run demo`, `npm run bench` and the self-test workflow. Written in
// erasable TypeScript so that Node runs it directly.
import { once } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Listing {
  owner: string;
  version: string;
  changelog: string;
}

/** One canned answer or failure, used for the next request(s) instead of the API. */
export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; retryAfter?: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'html'; status: number; title: string }
  | { kind: 'echo-key'; status: number }
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'drip'; status: number; intervalMs: number }
  | { kind: 'huge'; status: number; bytes: number }
  /** The marketplace's website, which answers every address with its index page: 200 text/html. */
  | { kind: 'web-page' }
  /** A 200 whose JSON refuses the update: `{"success": false}` (or `"ok"`) and a message. */
  | { kind: 'refusal'; field?: 'success' | 'ok'; message: string };

/**
 * A fault for the next `times` requests (default 1), to `path` only when given, e.g.
 * `/listings/asset-2`. With `apply`, the API handles the request first (an update is stored) and
 * the fault takes the place of its answer: an update applied whose answer was lost.
 */
export type Injected = Fault & { times?: number; path?: string; apply?: boolean };

export interface RecordedRequest {
  method: string;
  path: string;
  /** Headers as received, with x-api-key replaced by `***` (the key is in `apiKey`). */
  headers: Record<string, string>;
  apiKey: string;
  body: string;
  /** The fault that answered it, if one did. */
  fault: Fault['kind'] | undefined;
  /** The API's own answer's status when it handled the request (with an `apply` fault too). */
  handled: number | undefined;
}

/** An answer of the API, before it is written (or, under an `apply` fault, dropped). */
interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON; none for a 204. */
  value?: unknown;
  /** A body already serialised (the list). */
  text?: string;
}

/** How `GET /listings` answers: the shapes the action reads, and one it does not know. */
export type ListShape = 'listings' | 'data' | 'items' | 'results' | 'array' | 'unknown';

/**
 * How a paginated `GET /listings` names the next page: by URL in a `Link` header (`link`), in
 * `next` at the top (`next`) or under an object (`links`, `pagination`, `meta`, `paging`); or
 * without a URL: a page number (`next_page`), a flag (`has_more`), an opaque cursor (`cursor`).
 */
export type Pagination =
  | 'link'
  | 'next'
  | 'links'
  | 'pagination'
  | 'meta'
  | 'paging'
  | 'next_page'
  | 'has_more'
  | 'cursor';

export interface ListOptions {
  shape?: ListShape;
  /** Listings per page; all on one page when unset. */
  pageSize?: number;
  /** Default `next`. */
  pagination?: Pagination;
  /** Next URLs with scheme and host; relative (`/v1/listings?page=2`) by default. */
  absolute?: boolean;
  /** Next URLs under this address instead of the API root: another origin, or another path. */
  nextBase?: string;
  /** Every page names itself as the next one. */
  loop?: boolean;
  /** Listings `extra-1`… added to every account's, for many pages. */
  extra?: number;
  /** false: the entries show no changelog, as some marketplaces list them. */
  changelogs?: boolean;
}

export interface AnswerOptions {
  /** The version the 200 shows instead of the one stored. */
  version?: string;
  /** `top` (default): the listing is the answer; `listing`/`data`: it is under that key; `none`: 204. */
  shape?: 'top' | 'listing' | 'data' | 'none';
}

// The emulator's accounts, each known by its key. `example` is the made-up key of the committed
// examples (.env.example, CI's self-test): a public prefix (`mk_test_`), then EXAMPLEKEY and NOTREAL,
// so that no reader or secret scanner takes it for a live one. It belongs to the creator.
export const KEYS = {
  creator: 'mk_live_4f9d2c7a1b8e6f30c5d9a2e7b4f1c8d6',
  other: 'mk_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  revoked: 'mk_live_dead5eaf00c0ffee00c0ffee00c0ffee',
  example: 'mk_test_EXAMPLEKEYcreatorNOTREAL',
} as const;

const ACCOUNT_OF_KEY: Record<string, string> = {
  [KEYS.creator]: 'creator',
  [KEYS.example]: 'creator',
  [KEYS.other]: 'other',
};

const REVOKED = new Set<string>([KEYS.revoked]);

export function initialListings(): Map<string, Listing> {
  return new Map([
    ['asset-1', { owner: 'creator', version: '0.9.0', changelog: 'First release' }],
    ['asset-2', { owner: 'creator', version: '0.1.0', changelog: '' }],
    ['their-asset', { owner: 'other', version: '2.0.0', changelog: '' }],
    // Listed with a numeric id, as some marketplaces do.
    ['1001', { owner: 'creator', version: '3.0.0', changelog: 'Third' }],
  ]);
}

const API_PREFIX = '/v1';
const MAX_BODY = 256 * 1024;

export interface EmulatorOptions {
  tls?: { key: string; cert: string };
}

export class Emulator {
  readonly listings = initialListings();
  readonly requests: RecordedRequest[] = [];
  readonly faults: Injected[] = [];
  list: ListOptions = {};
  /**
   * What a successful PATCH answers: the listing (the default), the listing showing this other
   * version (a marketplace that did not apply it), or no body (204).
   */
  answer: AnswerOptions = {};
  /** Bytes of a `huge` body written before the client went away. */
  hugeBytesWritten = 0;
  readonly server: http.Server;
  readonly #scheme: string;

  constructor(options: EmulatorOptions = {}) {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.#handle(req, res).catch(() => res.destroy());
    };
    this.server = options.tls
      ? https.createServer(options.tls, handler)
      : http.createServer(handler);
    this.#scheme = options.tls ? 'https' : 'http';
  }

  /** Listens on a free loopback port; returns the API root, e.g. http://127.0.0.1:PORT/v1. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server.listen(port, host);
    await once(this.server, 'listening');
    return this.baseUrl;
  }

  get baseUrl(): string {
    const { port, address } = this.server.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    return `${this.#scheme}://${host}:${port}${API_PREFIX}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  inject(...faults: Injected[]): void {
    this.faults.push(...faults);
  }

  /** The first fault for this path (or for any path), used up after `times` requests. */
  #nextFault(path: string): Injected | undefined {
    const index = this.faults.findIndex(
      (fault) => fault.path === undefined || `${API_PREFIX}${fault.path}` === path,
    );
    const fault = this.faults[index];
    if (fault === undefined) return undefined;
    if ((fault.times ?? 1) <= 1) this.faults.splice(index, 1);
    else fault.times = (fault.times ?? 1) - 1;
    return fault;
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const body = await readBody(req);
    const path = req.url ?? '/';
    if (path.startsWith('/__')) return this.#control(req, res, path, body);
    const apiKey = headerValue(req.headers['x-api-key']);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = name === 'x-api-key' ? '***' : headerValue(value);
    }
    const fault = this.#nextFault(path);
    const reply =
      fault === undefined || fault.apply === true
        ? this.#api(req.method ?? '', path, headers, apiKey, body)
        : undefined;
    this.requests.push({
      method: req.method ?? '',
      path,
      headers,
      apiKey,
      body,
      fault: fault?.kind,
      handled: reply?.status,
    });
    if (fault !== undefined) return this.#fault(fault, res, apiKey);
    if (reply !== undefined) write(res, reply);
  }

  #api(
    method: string,
    path: string,
    headers: Record<string, string>,
    apiKey: string,
    body: string,
  ): Reply {
    if (!path.startsWith(`${API_PREFIX}/listings`))
      return reply(404, { error: { message: 'No such endpoint' } });
    if (apiKey === '')
      return reply(401, {
        error: { code: 'missing_key', message: 'Missing X-API-Key header' },
      });
    const account = ACCOUNT_OF_KEY[apiKey];
    if (account === undefined) {
      const why = REVOKED.has(apiKey) ? 'API key has been revoked' : 'Invalid API key';
      return reply(401, { error: { code: 'invalid_key', message: why } });
    }
    const [rest = '', query = ''] = path.slice(`${API_PREFIX}/listings`.length).split('?');
    if (rest === '' && method === 'GET') return this.#list(account, query);
    if (!rest.startsWith('/') || rest.slice(1).includes('/'))
      return reply(404, { error: 'Not found' });
    if (method !== 'PATCH') return reply(405, { error: { message: 'Method not allowed' } });
    const id = decodeURIComponent(rest.slice(1));
    const listing = this.listings.get(id);
    if (listing === undefined)
      return reply(404, { error: { code: 'not_found', message: `Listing ${id} not found` } });
    if (listing.owner !== account) {
      return reply(403, {
        error: { code: 'forbidden', message: 'Only the original creator may update this listing' },
      });
    }
    if (!/^application\/json\b/.test(headers['content-type'] ?? '')) {
      return reply(415, { message: 'Content-Type must be application/json' });
    }
    if (body.length > MAX_BODY) return reply(413, { message: 'Payload too large' });
    let update: unknown;
    try {
      update = JSON.parse(body);
    } catch {
      return reply(400, { detail: 'Body is not valid JSON' });
    }
    const { version, changelog } = (update ?? {}) as Record<string, unknown>;
    const errors: { field: string; message: string }[] = [];
    if (typeof version !== 'string' || version === '')
      errors.push({ field: 'version', message: 'version must be a non-empty string' });
    if (typeof changelog !== 'string')
      errors.push({ field: 'changelog', message: 'changelog must be a string' });
    if (typeof version === 'string' && version === listing.version) {
      return reply(409, { error: { message: `Version ${version} is already published` } });
    }
    if (errors.length > 0 || typeof version !== 'string' || typeof changelog !== 'string') {
      return reply(422, { errors });
    }
    listing.version = version;
    listing.changelog = changelog;
    const { shape = 'top', version: shown = version } = this.answer;
    if (shape === 'none') return reply(204, undefined);
    const answer = { id, version: shown, changelog, updated_at: new Date(0).toISOString() };
    return reply(200, shape === 'top' ? answer : { [shape]: answer });
  }

  /** The account's own listings, in the shape and pages set by `list`. */
  #list(account: string, query: string): Reply {
    const { shape = 'listings', pageSize, pagination = 'next', changelogs = true } = this.list;
    const extra = Array.from({ length: this.list.extra ?? 0 }, (_, index) => [
      `extra-${index + 1}`,
      { owner: account, version: '1.0.0', changelog: '' },
    ]) as [string, Listing][];
    const mine = [...this.listings, ...extra]
      .filter(([, listing]) => listing.owner === account)
      .map(([id, { changelog, ...listing }]) => ({
        id: /^\d+$/.test(id) ? Number(id) : id,
        ...listing,
        ...(changelogs ? { changelog } : {}),
      }));
    const page = Number(new URLSearchParams(query).get('page') ?? '1');
    const size = pageSize ?? Math.max(1, mine.length);
    const entries = mine.slice((page - 1) * size, page * size);
    const more = page * size < mine.length;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const next = more ? this.#nextUrl(this.list.loop === true ? page : page + 1) : null;
    let paging: Record<string, unknown> = {};
    if (pageSize !== undefined) {
      if (pagination === 'link' && next !== null) headers.link = `<${next}>; rel="next"`;
      else if (pagination === 'next') paging = { next };
      else if (pagination === 'next_page') paging = { next_page: more ? page + 1 : null };
      else if (pagination === 'has_more') paging = { has_more: more };
      else if (pagination === 'cursor') paging = { next: more ? `c${page + 1}` : null };
      else if (pagination !== 'link') paging = { [pagination]: { next } };
    }
    let body: unknown;
    if (shape === 'array') body = entries;
    else if (shape === 'unknown') body = { count: entries.length, owner: account };
    else body = { [shape]: entries, ...paging };
    return { status: 200, headers, text: JSON.stringify(body) };
  }

  /** The URL of a page of the list, as `list` asks: relative, absolute, or under another base. */
  #nextUrl(page: number): string {
    const { absolute = false, nextBase } = this.list;
    if (nextBase !== undefined) return `${nextBase}/listings?page=${page}`;
    const path = `${API_PREFIX}/listings?page=${page}`;
    return absolute ? `${new URL(this.baseUrl).origin}${path}` : path;
  }

  #fault(fault: Fault, res: http.ServerResponse, apiKey: string) {
    switch (fault.kind) {
      case 'status': {
        const headers: Record<string, string> = {
          'content-type': fault.contentType ?? 'application/json',
        };
        if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
        res.writeHead(fault.status, headers).end(fault.body ?? '');
        return;
      }
      case 'redirect':
        res.writeHead(fault.status, { location: fault.location }).end();
        return;
      case 'web-page':
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            '\n<!doctype html>\n<html lang="en"><head><title>Marketplace: assets for creators</title></head>' +
              '<body><h1>Find assets</h1></body></html>\n',
          );
        return;
      case 'refusal':
        return json(res, 200, { [fault.field ?? 'success']: false, message: fault.message });
      case 'html':
        res
          .writeHead(fault.status, { 'content-type': 'text/html' })
          .end(
            `<!DOCTYPE html><html><head><title>${fault.title}</title></head><body><h1>Error</h1></body></html>`,
          );
        return;
      case 'echo-key':
        return json(res, fault.status, {
          error: { message: `Key ${apiKey} is not allowed here` },
          received: {
            raw: apiKey,
            json: JSON.stringify(apiKey),
            url: encodeURIComponent(apiKey),
            base64: Buffer.from(apiKey).toString('base64'),
            basic: Buffer.from(`user:${apiKey}`).toString('base64'),
          },
        });
      case 'reset':
        res.socket?.destroy();
        return;
      case 'hang':
        return;
      case 'drip': {
        res.writeHead(fault.status, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), fault.intervalMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'huge':
        this.#huge(res, fault.status, fault.bytes);
        return;
    }
  }

  #huge(res: http.ServerResponse, status: number, bytes: number): void {
    res.writeHead(status, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const write = () => {
      while (this.hugeBytesWritten < bytes && !res.destroyed) {
        this.hugeBytesWritten += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', write);
      }
      res.end();
    };
    this.hugeBytesWritten = 0;
    write();
  }

  /**
   * The control API for processes that cannot reach the object: /__faults, /__list, /__answer,
   * /__requests, /__listings (GET to read them, POST to add or replace some).
   */
  #control(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    if (path === '/__faults' && req.method === 'POST') {
      this.inject(...(JSON.parse(body) as Injected[]));
      return json(res, 204, undefined);
    }
    if (path === '/__requests') return json(res, 200, this.requests);
    if (path === '/__list' && req.method === 'POST') {
      this.list = JSON.parse(body) as ListOptions;
      return json(res, 204, undefined);
    }
    if (path === '/__answer' && req.method === 'POST') {
      this.answer = JSON.parse(body) as AnswerOptions;
      return json(res, 204, undefined);
    }
    if (path === '/__listings' && req.method === 'POST') {
      for (const [id, listing] of Object.entries(JSON.parse(body) as Record<string, Listing>)) {
        this.listings.set(id, listing);
      }
      return json(res, 204, undefined);
    }
    if (path === '/__listings') return json(res, 200, Object.fromEntries(this.listings));
    json(res, 404, { error: 'unknown control path' });
  }
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reply(status: number, value: unknown): Reply {
  return { status, value };
}

function write(res: http.ServerResponse, answer: Reply): void {
  if (answer.text !== undefined)
    return void res.writeHead(answer.status, answer.headers).end(answer.text);
  json(res, answer.status, answer.value);
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  if (value === undefined) return void res.writeHead(status).end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
