// undici's own modules: its main entry would evaluate all of undici at start-up (fetch, WebSocket,
// cache, mock), which every run of the command would pay for. test/repo/bundle.test.ts fails when
// one of these paths disappears.
import type * as Undici from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import request from 'undici/lib/api/api-request.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import DecoratorHandler from 'undici/lib/handler/decorator-handler.js';

// As undici's index.js does: the request API lives on Dispatcher.prototype. ProxyAgent opens its
// tunnel with `connect` on its own client, so without it every proxied request fails.
Object.assign(DispatcherClass.prototype, { request, connect });

export { Agent, DecoratorHandler, ProxyAgent };
export type Dispatcher = Undici.Dispatcher;
