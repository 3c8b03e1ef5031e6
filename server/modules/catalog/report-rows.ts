import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../shared/db-results.ts';

/**
 * The operator reports' game columns (docs/decisions/0103-operator-reports.md): each catalogue game with its provider
 * (the studio; ours is Croupier Studio) and its own category. Play rows find their game by id (our rounds, crash) or
 * by source and code (aggregators' games).
 */
export function gameReportRows(): SQL {
  return sql`
    select g.id as game_id, g.source, g.external_code, g.name as game_name, p.slug as provider_slug, p.name as provider_name,
           c.slug as category_slug, c.name as category_name
    from games g join game_providers p on p.id = g.provider_id join game_categories c on c.id = g.category_id`;
}

export type ReportOption = { value: string; label: string };

/** The categories and providers a report may filter by: those some game belongs to. */
export async function gameReportOptions(db: Database): Promise<{ categories: ReportOption[]; providers: ReportOption[] }> {
  const [categories, providers] = await Promise.all([
    db.execute(sql`select distinct c.slug as value, c.name as label from game_categories c join games g on g.category_id = c.id order by 2`),
    db.execute(sql`select distinct p.slug as value, p.name as label from game_providers p join games g on g.provider_id = p.id order by 2`),
  ]);
  return { categories: rowsOf<ReportOption>(categories), providers: rowsOf<ReportOption>(providers) };
}
