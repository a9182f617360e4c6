const API_PREFIXES = ['/api/', '/server-api/', '/healthz', '/readyz'];
const SERVER_PREFIXES = [...API_PREFIXES, '/docs'];

/** A call of the API (JSON), as opposed to a page, a file of the web app or the API explorer. */
export const isApiPath = (url: string): boolean => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/** Anything the server answers itself (the API and its explorer), rather than the web app. */
export const isServerPath = (url: string): boolean =>
  SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));
