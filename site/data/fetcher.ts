/** A non-2xx answer: the message is the status, a colon and the body text (status text if empty). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The default loader: GET the key, with credentials, read JSON. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' }, ...init });
  if (!res.ok) {
    const body = await res.text().catch(() => '');
    throw new HttpError(res.status, `${res.status}: ${body || res.statusText}`);
  }
  return (await res.json()) as T;
}
