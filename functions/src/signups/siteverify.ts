// reCAPTCHA v3 siteverify: one POST (form-encoded secret, response, remoteip) with a timeout.
export interface SiteverifyResult {
  success: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  challenge_ts?: string;
  'error-codes'?: string[];
}

/** Thrown when the verifier cannot be reached or answers something that is not a verdict. */
export class VerifierUnavailable extends Error {}

export async function siteverify(
  url: string,
  secret: string,
  token: string,
  remoteIp: string | undefined,
  timeoutMs: number,
): Promise<SiteverifyResult> {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new VerifierUnavailable(`siteverify unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new VerifierUnavailable(`siteverify answered ${response.status}`);
  let verdict: unknown;
  try {
    verdict = await response.json();
  } catch {
    throw new VerifierUnavailable('siteverify answered something that is not JSON');
  }
  if (!verdict || typeof verdict !== 'object' || typeof (verdict as SiteverifyResult).success !== 'boolean') {
    throw new VerifierUnavailable('siteverify answered without a verdict');
  }
  return verdict as SiteverifyResult;
}
