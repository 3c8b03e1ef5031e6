import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob } from '../../scheduler/scheduler.ts';
import type { AuditService } from './audit.ts';

// Anchors of the audit chain outside the database (docs/decisions/0082-hash-chained-audit-log.md). The chain
// shows an edited or removed row by the rows after it; deleting the newest rows leaves a shorter chain that is
// still whole. An anchor (a row's id and hash, written where the database's users cannot rewrite it) closes
// that gap: a later verification finds the anchored row gone or changed.

export type AuditAnchor = { id: number; hash: string; at?: string };

/** `ID:HASH`, as the ops command and the verify query pass an anchor. */
export function parseAnchor(text: string): AuditAnchor | null {
  const match = /^([1-9]\d{0,15}):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { id: Number(match[1]), hash: match[2]! } : null;
}
export const formatAnchor = (anchor: AuditAnchor) => `${anchor.id}:${anchor.hash}`;

/** An append-only file of anchors, one JSON line each (DATA_DIR/audit-anchors.jsonl on the node that runs the job). */
export function createAnchorFile(file: string) {
  return {
    file,
    append(anchor: AuditAnchor & { at: string }): void {
      mkdirSync(path.dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
    },
    /** Every anchor written so far; lines that do not parse are skipped (a torn last line after a crash). */
    read(): AuditAnchor[] {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const anchors: AuditAnchor[] = [];
      for (const line of text.split('\n')) {
        try {
          const value = JSON.parse(line) as Partial<AuditAnchor>;
          if (typeof value.id === 'number' && typeof value.hash === 'string' && /^[0-9a-f]{64}$/.test(value.hash))
            anchors.push({ id: value.id, hash: value.hash, ...(typeof value.at === 'string' ? { at: value.at } : {}) });
        } catch {
          // not a whole line
        }
      }
      return anchors;
    },
  };
}
export type AnchorFile = ReturnType<typeof createAnchorFile>;

/**
 * Every five minutes: the chain's head into the anchor file and the log (which production ships off the machine),
 * so deleting the newest rows is found unless it is done within five minutes of writing them and the file and the
 * logs are rewritten too. Repeating a run appends the same head again, which is harmless.
 */
export function auditAnchorJob({ audit, anchors, logger }: { audit: AuditService; anchors: AnchorFile; logger?: FastifyBaseLogger }): ScheduledJob {
  return {
    name: 'audit:anchor',
    pattern: '*/5 * * * *',
    run: async (period) => {
      const head = await audit.head();
      if (!head) return { anchored: null };
      const at = period.toISOString();
      anchors.append({ ...head, at });
      logger?.info({ audit_anchor: formatAnchor(head), at }, 'audit log head anchored');
      return { anchored: formatAnchor(head) };
    },
  };
}
