import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import type { AuditService } from '../operators/audit.ts';
import { RULES, ruleNamed, type ThresholdValues } from './rules.ts';
import { complianceThresholds } from './schema.ts';

// The staff's thresholds for the rules (docs/decisions/0114): each rule's defaults, overridden per value where staff
// set one; every event reads them, so a node keeps them for a few seconds.

/** How long a node keeps the staff's thresholds before reading them again. */
const THRESHOLDS_TTL_MS = 5_000;

export function createThresholds({ db, audit, now }: { db: Database; audit: Pick<AuditService, 'audited'>; now: () => Date }) {
  async function storedThresholds(): Promise<Record<string, ThresholdValues>> {
    const rows = await db.select().from(complianceThresholds);
    return Object.fromEntries(rows.map((row) => [row.rule, row.values]));
  }
  // Every event reads the thresholds: kept for THRESHOLDS_TTL_MS (forgotten at once on this node when staff change
  // them; another node sees a change within that time).
  let cachedThresholds: { at: number; values: Promise<Record<string, ThresholdValues>> } | null = null;
  function current(): Promise<Record<string, ThresholdValues>> {
    const at = Date.now();
    if (!cachedThresholds || at - cachedThresholds.at > THRESHOLDS_TTL_MS) {
      const values = storedThresholds();
      cachedThresholds = { at, values };
      values.catch(() => {
        if (cachedThresholds?.values === values) cachedThresholds = null;
      });
    }
    return cachedThresholds.values;
  }

  async function list() {
    const set = await storedThresholds();
    return RULES.map((rule) => ({
      rule: rule.name,
      kind: rule.kind,
      label: rule.label,
      description: rule.description,
      values: { ...rule.defaults, ...set[rule.name] },
      defaults: rule.defaults,
      params: Object.entries(rule.params).map(([key, spec]) => ({ key, ...spec })),
    }));
  }

  return {
    /** The staff's values per rule, as the rules read them: at most THRESHOLDS_TTL_MS old on this node. */
    current,
    list,
    /** Sets a rule's thresholds (numbers in range; `hold` only where the rule has it); audited with before and after. */
    async update(ruleName: string, values: Record<string, number | boolean>, staffId: number, reason: string) {
      const rule = ruleNamed(ruleName);
      if (!rule) throw new Problem(404, 'No rule with that name.');
      const errors: Record<string, string[]> = {};
      for (const [key, value] of Object.entries(values)) {
        if (key === 'hold' && 'hold' in rule.defaults) {
          if (typeof value !== 'boolean') errors[key] = ['Hold must be true or false.'];
          continue;
        }
        const spec = rule.params[key];
        if (!spec) errors[key] = [`${rule.label} has no threshold named ${key}.`];
        else if (typeof value !== 'number' || !Number.isInteger(value) || value < spec.min || value > spec.max) {
          errors[key] = [`${spec.label} must be a whole number from ${spec.min} to ${spec.max}.`];
        }
      }
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const set = await storedThresholds();
      const before = { ...rule.defaults, ...set[rule.name] };
      const after = { ...before, ...values };
      await audit.audited(
        async (tx) => {
          await tx
            .insert(complianceThresholds)
            .values({ rule: rule.name, values: after, updatedBy: staffId, updatedAt: now() })
            .onConflictDoUpdate({ target: complianceThresholds.rule, set: { values: after, updatedBy: staffId, updatedAt: now() } });
          return after;
        },
        () => ({ staffId, action: 'compliance.thresholds_changed', subject: `rule:${rule.name}`, before: { ...before, reason }, after }),
      );
      cachedThresholds = null;
      return (await list()).find((row) => row.rule === rule.name)!;
    },
  };
}
