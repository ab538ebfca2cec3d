// Types for the undici modules that undici.ts loads by path: undici's own types, per module.
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: typeof import('undici').Agent;
  export default Agent;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  const ProxyAgent: typeof import('undici').ProxyAgent;
  export default ProxyAgent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: typeof import('undici').Dispatcher;
  export default Dispatcher;
}
// `request` and `connect`, which undici.ts puts on Dispatcher.prototype as undici's index does.
declare module 'undici/lib/api/*.js' {
  const method: unknown;
  export default method;
}
// undici's own type names no method of the decorator, though it forwards every one of them.
declare module 'undici/lib/handler/decorator-handler.js' {
  import type { Dispatcher } from 'undici';

  class DecoratorHandler implements Dispatcher.DispatchHandlers {
    constructor(handler: Dispatcher.DispatchHandlers);
    onConnect(abort: (error?: Error) => void): void;
  }
  export default DecoratorHandler;
}
