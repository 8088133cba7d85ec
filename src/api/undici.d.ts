// Types for the parts of undici that src/api/undici-fetch.ts imports by path.
declare module "undici/lib/dispatcher/agent.js" {
  export { Agent as default } from "undici";
}
declare module "undici/lib/dispatcher/proxy-agent.js" {
  export { ProxyAgent as default } from "undici";
}
declare module "undici/lib/dispatcher/env-http-proxy-agent.js" {
  export { EnvHttpProxyAgent as default } from "undici";
}
declare module "undici/lib/web/fetch/index.js" {
  export { fetch } from "undici";
}
declare module "undici/lib/dispatcher/dispatcher.js" {
  export { Dispatcher as default } from "undici";
}
declare module "undici/lib/api/api-connect.js" {
  const connect: unknown;
  export default connect;
}
