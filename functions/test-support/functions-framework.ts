// Test and benchmark support (not deployed): serves a handler with Google's Functions Framework, the
// server Cloud Functions runs an HTTP function in — its express app with body parsers in front of the
// handler (every body read and parsed before our code runs), `trust proxy` on, and concurrent requests.
import { http } from '@google-cloud/functions-framework';
import { getTestServer } from '@google-cloud/functions-framework/testing';
import type { HttpHandler, HttpRequest } from '../src/http/http';
import { listen, type ServedHandler } from './serve-handler';

let served = 0;

export function serveWithFunctionsFramework(handler: HttpHandler): Promise<ServedHandler> {
  served += 1;
  const name = `served-${served}`;
  http(name, (req, res) => handler(req as HttpRequest, res));
  return listen(getTestServer(name));
}
