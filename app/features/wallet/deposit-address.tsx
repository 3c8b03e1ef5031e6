import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { QR_DEFAULTS } from './qr-settings.ts';

/** A crypto deposit address as text to copy and as a QR code to scan. */
export function DepositAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
    window.setTimeout(() => setCopied(null), 3000);
  }

  return (
    <div className="flex flex-col items-center gap-5 rounded-xl border border-night-600 bg-night-900 p-4 sm:flex-row sm:items-start">
      {/* marginSize stays 0 (SPEC.md §9); the white frame is the quiet zone scanners need on a dark page. */}
      <div className="shrink-0 rounded-lg bg-white p-3" data-testid="deposit-qr">
        <QRCodeSVG value={address} {...QR_DEFAULTS} role="img" aria-label="QR code of your deposit address" />
      </div>
      <div className="w-full min-w-0 space-y-2">
        <p className="text-sm font-medium text-mist-100">Your deposit address</p>
        <p
          data-testid="deposit-address"
          className="rounded-lg border border-night-600 bg-night-850 px-3 py-2 font-mono text-sm break-all text-gold-300 select-all"
        >
          {address}
        </p>
        <div className="flex items-center gap-3">
          <Button variant="ghost" onClick={() => void copy()} className="min-h-0 px-3 py-1.5 text-sm">
            Copy address
          </Button>
          <span role="status" className="text-sm text-mist-400">
            {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'Select the address and copy it yourself.' : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
