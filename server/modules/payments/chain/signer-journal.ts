import { appendFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Address, Hex } from 'viem';

// The signer's journal (docs/decisions/0123-signer.md): every payout it signs, and every change of its status, as
// one JSON line appended and flushed to disk before anything is sent, so a restart knows every nonce it used and
// sends a signed payout's same bytes again instead of paying twice.

export type PayoutRecord = {
  withdrawal_id: string;
  amount: number;
  currency: string;
  from: Address;
  nonce: number;
  tx_hash: Hex;
  raw_tx: Hex;
  status: 'signed' | 'broadcast' | 'confirmed' | 'failed';
  confirmations: number;
  block_number: number | null;
  failure: string | null;
  signed_at: string;
};

type JournalLine = { type: 'signed'; payout: PayoutRecord } | { type: 'status'; withdrawal_id: string; changes: Partial<PayoutRecord> };

/** The signer's own memory: one JSON line per event, appended and flushed to disk before anything is sent. */
export type SignerJournal = { load(): JournalLine[]; append(line: JournalLine): void };

export function fileJournal(file: string): SignerJournal {
  return {
    load() {
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as JournalLine];
          } catch {
            // A line cut by a crash mid-write was never followed by a broadcast: nothing was sent for it.
            return [];
          }
        });
    },
    append(line) {
      mkdirSync(path.dirname(file), { recursive: true });
      const fd = openSync(file, 'a', 0o600);
      try {
        appendFileSync(fd, `${JSON.stringify(line)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
  };
}
