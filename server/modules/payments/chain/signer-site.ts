import type { SignerWithdrawal } from '../../../../contract/chain.ts';
import type { SignerReport } from './payouts.ts';
import { signerHeaders } from './signer-auth.ts';

/** The web server, as the signer sees it: the list of what it may pay, the deposit addresses, and the report. */
export type SiteLink = {
  approved(): Promise<SignerWithdrawal[]>;
  depositAddresses(): Promise<{ index: number; address: string }[]>;
  report(report: SignerReport): Promise<void>;
};

/** The web server over HTTP, each request signed with the shared secret (signer-auth.ts). */
export function httpSiteLink(siteUrl: string, secret: string, fetchImpl: typeof fetch = fetch): SiteLink {
  async function post<T>(path: string, payload: unknown): Promise<T> {
    const body = JSON.stringify(payload);
    const response = await fetchImpl(new URL(path, siteUrl), {
      method: 'POST',
      headers: signerHeaders(secret, body),
      body,
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`the web server answered ${response.status} to ${path}`);
    return ((await response.json()) as { data: T }).data;
  }
  return {
    approved: () => post<SignerWithdrawal[]>('/api/internal/chain/approved', {}),
    depositAddresses: () => post<{ index: number; address: string }[]>('/api/internal/chain/addresses', {}),
    report: async (report) => {
      await post('/api/internal/chain/report', report);
    },
  };
}
