// Which API key created a REST hook: the endpoint's `createdBy` (an Admin's endpoint names an address).
import type { ApiKeyCaller } from '../http/api-key';

export const hookOwner = (apiKey: ApiKeyCaller) => `api-key:${apiKey.id}`;
