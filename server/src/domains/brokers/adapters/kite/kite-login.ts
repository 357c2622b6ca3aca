import { fetchWithTimeout } from '../../../../platform/outbound.js';
import { KiteApiError, unwrapKiteEnvelope } from '../../../../protocols/kite-rest.js';

export interface KiteLoginOptions {
  loginRoot: string;
  apiKey: string;
}

/** Cookies kept across the login's redirect chain, like a browser would. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function postForm(url: string, form: Record<string, string>, jar: CookieJar) {
  const res = await fetchWithTimeout(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
    body: new URLSearchParams(form).toString(),
  });
  jar.store(res);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new KiteApiError('NetworkException', `Kite login answered ${res.status}`, res.status);
  }
  return unwrapKiteEnvelope<Record<string, unknown>>(body, res.status);
}

/**
 * Kite's unofficial automated login (PROTOCOLS §2): user id + password, then the TOTP code, then the
 * Connect login redirect chain that ends with `request_token`. The password is used here only.
 */
export async function loginForRequestToken(
  options: KiteLoginOptions,
  credentials: { userId: string; password: string; totp: string },
): Promise<string> {
  const root = options.loginRoot.replace(/\/$/, '');
  const jar = new CookieJar();
  const login = await postForm(
    `${root}/api/login`,
    { user_id: credentials.userId, password: credentials.password },
    jar,
  );
  const requestId = typeof login.request_id === 'string' ? login.request_id : '';
  await postForm(
    `${root}/api/twofa`,
    { user_id: credentials.userId, request_id: requestId, twofa_value: credentials.totp, twofa_type: 'totp' },
    jar,
  );
  let url = `${root}/connect/login?api_key=${encodeURIComponent(options.apiKey)}&v=3`;
  for (let hop = 0; hop < 10; hop++) {
    const found = new URL(url).searchParams.get('request_token');
    if (found) return found;
    const res = await fetchWithTimeout(url, { redirect: 'manual', headers: { Cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) {
      if (res.status >= 400) {
        const body: unknown = await res.json().catch(() => null);
        unwrapKiteEnvelope(body, res.status);
      }
      break;
    }
    url = new URL(location, url).toString();
  }
  throw new KiteApiError('TokenException', 'Kite login did not return a request token');
}
