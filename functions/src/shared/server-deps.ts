// What an HTTP function reads when it is called: the Admin SDK services and the server configuration.
// The deployed function reads the real ones; a test hands its handler its own.
import { readServerConfig, type ServerConfig } from './config';
import { adminServices, type AdminServices } from './admin';

export interface ServerDeps {
  services: () => AdminServices;
  config: () => ServerConfig;
}

/** The deps given, the deployed ones for the rest. */
export function serverDeps(deps: Partial<ServerDeps> = {}): ServerDeps {
  return { services: deps.services ?? adminServices, config: deps.config ?? (() => readServerConfig()) };
}
