// A named statement's row description, kept per connection from the Describe sent with its
// Parse, so that every later run sends Bind, Execute and Sync only: Postgres then answers no
// RowDescription, and node-postgres does not build the row's parsers again (pg.Result.addFields).
// A prepared statement's result type cannot change under it: after ALTER TABLE Postgres refuses
// to run it ("cached plan must not change result type", 0A000) rather than answer rows of
// another shape, and the statement is prepared again (driver.ts replanned) or run unnamed on a
// connection that is then replaced (pipeline.ts send). A new Parse forgets the description and
// brings the next. A statement that answers no rows (Describe answered NoData: an INSERT without
// RETURNING) is kept as a description of no fields.

/** What pg.Result.addFields makes of a RowDescription: the fields, their parsers, the empty row. */
export interface Description {
  fields: unknown[];
  parsers: unknown[] | undefined;
  empty: object | null;
}

/** One statement name on one connection: its description once known, and the query whose Parse gives it. */
export interface Described {
  description: Description | null;
  parsing: object | null;
}

/** The parts of node-postgres's Connection this reads. */
export interface StatementBook {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

const books = new WeakMap<StatementBook, Map<string, Described>>();

/**
 * As `query` (named `name`) is about to be written on `connection`: the statement's entry. When
 * the statement is not prepared there yet, this query's Parse will prepare it and its
 * RowDescription gives the description (keep); until then there is none.
 */
export function describedFor(connection: StatementBook, name: string, query: object): Described {
  let book = books.get(connection);
  if (book === undefined) books.set(connection, (book = new Map<string, Described>()));
  let d = book.get(name);
  const prepared =
    connection.parsedStatements[name] !== undefined || connection.submittedNamedStatements[name] !== undefined;
  if (!prepared) book.set(name, (d = { description: null, parsing: query }));
  // Prepared by a query this module did not see write its Parse: no description comes.
  else if (d === undefined) book.set(name, (d = { description: null, parsing: null }));
  return d;
}

/**
 * A RowDescription arrived for `query`: kept when its Parse prepared the statement. Another
 * query's (one written before the description was known) might answer for an older Parse of
 * the same name.
 */
export function keep(d: Described, query: object, description: Description): void {
  if (d.parsing === query) d.description = description;
}
