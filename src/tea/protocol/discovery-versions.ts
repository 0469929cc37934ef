/**
 * The API versions a discovery document lists (section 2.2), read without trusting its shape:
 * every string in every endpoint's `versions`, in order, from a value that need not be a valid
 * document (none when it is not one). The test server routes by them; `serve` names the first.
 */
export function discoveryVersions(document: unknown): string[] {
  const endpoints = (document as { endpoints?: unknown } | null)?.endpoints;
  if (!Array.isArray(endpoints)) return [];
  return endpoints.flatMap((endpoint: { versions?: unknown } | null) =>
    Array.isArray(endpoint?.versions) ? endpoint.versions.filter((v): v is string => typeof v === 'string') : [],
  );
}
