/** Moved to database/prepared-sql.ts; kept so modules that still import it from here keep building. */
export { PreparedSql } from '../database/prepared-sql';
