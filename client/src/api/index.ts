export { ApiError, apiRequest, api, buildUrl, isAbortError, setApiLocale, NETWORK_ERROR, BAD_RESPONSE } from './client';
export { createLatestRequest, type LatestRequest, type LatestResult } from './latest';
export { storedVisitorId } from './identity';
export * from './catalogue';
