import { useEffect, useState } from 'react';
import { BUILD_POLL_INTERVAL_MS } from '../../lib/constants.ts';
import { t } from '../../lib/i18n.ts';

type BuildMeta = { id: string; timestamp: number };

async function fetchJson<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(path, { cache: 'no-store' });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

/**
 * Deploy detection (SPEC.md §7): the page notes the build it was served from, polls
 * builds/latest.json, confirms a newer build through builds/meta/{id}.json and offers a reload.
 */
export function NewBuildNotice({ intervalMs = BUILD_POLL_INTERVAL_MS }: { intervalMs?: number }) {
  const [newBuild, setNewBuild] = useState<BuildMeta | null>(null);

  useEffect(() => {
    let current: BuildMeta | null = null;
    let stopped = false;
    async function check() {
      const latest = await fetchJson<BuildMeta>('/builds/latest.json');
      if (stopped || !latest) return;
      if (!current) {
        current = latest;
        return;
      }
      if (latest.id === current.id) return;
      const meta = await fetchJson<BuildMeta>(`/builds/meta/${encodeURIComponent(latest.id)}.json`);
      if (!stopped && meta && meta.timestamp > current.timestamp) setNewBuild(meta);
    }
    void check();
    const timer = window.setInterval(() => void check(), intervalMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  if (!newBuild) return null;
  return (
    <div
      role="status"
      data-new-build={newBuild.id}
      className="fixed right-4 top-20 z-40 flex max-w-sm items-center gap-3 rounded-card border border-gold-500 bg-night-850 p-4 shadow-glow"
    >
      <p className="text-sm text-mist-100">{t('build.available')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('build.reload')}
      </button>
    </div>
  );
}
