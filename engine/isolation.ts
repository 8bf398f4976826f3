// The transaction isolation levels, as dbt:transaction's isolation attribute spells them: the tag
// checks the attribute against this list and a driver's begin() (datasources/driver.ts) takes one
// of them. A leaf (it imports nothing), so both the tags and datasources/ may import it.
export const ISOLATION = ["read_uncommitted", "read_committed", "repeatable_read", "serializable"] as const;
export type Isolation = (typeof ISOLATION)[number];
