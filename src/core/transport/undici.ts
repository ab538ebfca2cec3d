// undici's own modules: its main entry would evaluate all of undici (fetch, WebSocket, cache, mock) at
// each start of the command. The action loads it whole anyway, through @actions/core's http-client.
// test/repo/bundle.test.ts fails when one of these paths disappears.
import type * as Undici from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import request from 'undici/lib/api/api-request.js';
import agent from 'undici/lib/dispatcher/agent.js';
import dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import proxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import decoratorHandler from 'undici/lib/handler/decorator-handler.js';

// As undici's index.js does: the request API lives on Dispatcher.prototype. ProxyAgent opens its
// tunnel with `connect` on its own client, so without it every proxied request fails.
Object.assign((dispatcher as typeof Undici.Dispatcher).prototype, { request, connect });

export type { Dispatcher } from 'undici';
export const Agent = agent as typeof Undici.Agent;
export const ProxyAgent = proxyAgent as typeof Undici.ProxyAgent;
// undici's own type names no method of the decorator, though it forwards every one of them.
export const DecoratorHandler = decoratorHandler as new (
  handler: Undici.Dispatcher.DispatchHandlers,
) => Undici.Dispatcher.DispatchHandlers & { onConnect(abort: (error?: Error) => void): void };
