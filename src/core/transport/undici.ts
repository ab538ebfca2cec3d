// The parts of undici the engine uses, loaded from undici's own modules. Its main entry would
// evaluate all of undici at start-up (fetch, WebSocket, EventSource, cache, mock), which neither
// front end uses and every run of the command would pay for (the action's @actions/core loads
// undici whole anyway). The paths are those of the exact undici version in package.json;
// test/repo/bundle.test.ts fails when one of them disappears.
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
