/**
 * Where the browser finds the commerce API: PUBLIC_API_BASE_URL at build time, else the
 * same origin's /api (npm start and the CDN route /api to the commerce API).
 */
export const API_BASE_URL: string = (import.meta.env?.PUBLIC_API_BASE_URL as string | undefined)?.replace(/\/$/, '') || '/api';
