import path from 'node:path';
import { outboxFileName, writeAtomically } from './mail.ts';

export type Sms = { to: string; body: string };
export type SmsSender = { kind: 'file' | 'http'; send(sms: Sms): Promise<void> };

/**
 * SMS to a provider's HTTP API when one is configured (POST JSON {"to","body"}, bearer token if set;
 * any 2xx is accepted), otherwise each message is written as DATA_DIR/outbox/sms/*.json.
 */
export function createSmsSender({ provider, dataDir }: { provider: { url: string; token: string | undefined } | undefined; dataDir: string }): SmsSender {
  if (provider) {
    return {
      kind: 'http',
      async send(sms) {
        const response = await fetch(provider.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(provider.token ? { authorization: `Bearer ${provider.token}` } : {}) },
          body: JSON.stringify({ to: sms.to, body: sms.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
        await response.body?.cancel();
      },
    };
  }
  const directory = path.join(dataDir, 'outbox', 'sms');
  return {
    kind: 'file',
    async send(sms) {
      await writeAtomically(directory, outboxFileName(sms.to, 'json'), `${JSON.stringify({ to: sms.to, body: sms.body }, null, 2)}\n`);
    },
  };
}
