import { type SQL, sql } from 'drizzle-orm';

/**
 * The operator reports' player columns (docs/decisions/0103-operator-reports.md): who a row's player is, as staff
 * read it (name and e-mail, never only an id), and the country they registered in.
 */
export function playerReportRows(): SQL {
  return sql`select id as player_id, trim(name || ' ' || surname) as player_name, email as player_email, country from players`;
}
