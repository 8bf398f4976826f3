// Every error Quarry raises is a coded class (like Fastify's FST_ERR_*): tests and the server
// match on `code`, people read `message`, and `loc` + `frame` show the template line.
// `codes` below is the one table of codes: docs/errors.md documents each, and
// test/error-codes.test.ts fails when a code is missing there or spelled literally elsewhere.
// This module is a leaf every layer may import (see .dependency-cruiser.cjs).
import { createRequire } from "node:module";
import type { Loc } from "../parser/ast.js";

/** How a `dbt:catch type="…"` sees an error. */
// (string & {}) keeps the named types visible to editors while any string is allowed.
export type ErrorType = "template" | "expression" | "param" | "application" | "database" | (string & {});

export class QuarryError extends Error {
  readonly code: string;
  type: ErrorType;
  loc: Loc | null;
  /** The code frame of `loc`, filled in by whoever holds the source (see withFrame). */
  frame = "";
  detail = "";
  /** HTTP status the server should answer with, when the error says so. */
  status: number | null = null;
  /** False for an error no dbt:catch may take (the time limit, a cancelled request). */
  catchable = true;

  constructor(code: string, type: ErrorType, message: string, loc: Loc | null) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.type = type;
    this.loc = loc;
  }

  /** `file:line:col CODE: message` followed by the code frame. */
  format(): string {
    const where = this.loc ? `${this.loc.file}:${this.loc.line}:${this.loc.column} ` : "";
    return `${where}${this.code}: ${this.message}${this.frame ? `\n${this.frame}` : ""}`;
  }
}

/** Malformed template: found while parsing or validating, before anything runs. */
export class TemplateError extends QuarryError {
  constructor(code: string, message: string, loc: Loc) {
    super(code, "template", message, loc);
  }
}

/** A fault while a template runs: undefined variable, bad operand, loop limit, … */
export class RuntimeError extends QuarryError {
  constructor(code: string, message: string, loc: Loc | null = null, type: ErrorType = "expression") {
    super(code, type, message, loc);
  }
}

/**
 * A page went past one of its limits (see docs/server.md, "Limits"). The time limit and a
 * cancelled request stop the page whatever it catches; size limits are ordinary runtime errors.
 */
export class LimitError extends RuntimeError {
  constructor(code: string, message: string, loc: Loc | null, status = 500) {
    super(code, message, loc, "expression");
    this.status = status;
    this.catchable = code !== codes.TIMEOUT && code !== codes.CANCELLED;
  }
}

/** A `dbt:param` check failed; the server answers 400 naming `param`. */
export class ParamError extends QuarryError {
  readonly param: string;
  constructor(param: string, message: string, loc: Loc | null) {
    super(codes.PARAM, "param", message, loc);
    this.param = param;
    this.status = 400;
  }
}

/** How a config message names the integers a setting takes. */
export const integerRange = (min: number, max: number): string =>
  max >= Number.MAX_SAFE_INTEGER ? `an integer of ${min} or more` : `an integer from ${min} to ${max}`;

/** A bad site config file: reported at start, before anything is served. */
export class ConfigError extends QuarryError {
  constructor(message: string) {
    super(codes.CONFIG, "application", message, null);
  }
}

/** A host app's function or tag that cannot be added (a clash, a bad name, a missing hook). */
export class ExtensionError extends QuarryError {
  constructor(message: string) {
    super(codes.EXTENSION, "application", message, null);
  }
}

/** A datasource is down or exhausted: the server answers 503 with Retry-After. */
export class DatasourceError extends QuarryError {
  constructor(
    readonly datasource: string,
    message: string,
    loc: Loc | null = null,
  ) {
    super(codes.DATASOURCE_UNAVAILABLE, "database", message, loc);
    this.status = 503;
  }
}

/**
 * Postgres refused a query: carries the SQL, the bound values, the SQLSTATE and what Postgres
 * added (`detail`, `hint`, the 1-based character `position` in the SQL). Request data Postgres
 * refused (class 22/23 on a bound value) is QRY_ERR_QUERY_INPUT, status 400, `param` its $n.
 */
export class QueryError extends QuarryError {
  hint = "";
  position: number | null = null;
  param: number | null = null;
  constructor(
    message: string,
    readonly sql: string,
    readonly params: unknown[],
    readonly sqlState: string | null,
    loc: Loc | null,
    code: string = codes.QUERY,
  ) {
    super(code, "database", message, loc);
  }
}

/** Input a typed queryparam or ident() refuses: the request was wrong, so the server answers 400. */
export class QueryParamError extends QuarryError {
  constructor(message: string, loc: Loc | null) {
    super(codes.QUERYPARAM, "param", message, loc);
    this.status = 400;
  }
}

/** The server's own refusals of a request (bad path, no such page, wrong method). */
export class RequestError extends QuarryError {
  constructor(
    code: string,
    status: number,
    message: string,
    readonly candidates: string[] = [],
  ) {
    super(code, "application", message, null);
    this.status = status;
  }
}

/** The one table of error codes. Add a code here and a row in docs/errors.md. */
export const codes = {
  SYNTAX: "QRY_ERR_SYNTAX",
  UNKNOWN_TAG: "QRY_ERR_UNKNOWN_TAG",
  ATTRIBUTE: "QRY_ERR_ATTRIBUTE",
  NESTING: "QRY_ERR_NESTING",
  INCLUDE: "QRY_ERR_INCLUDE",
  UNKNOWN_FUNCTION: "QRY_ERR_UNKNOWN_FUNCTION",
  ARITY: "QRY_ERR_ARITY",
  UNDEFINED: "QRY_ERR_UNDEFINED",
  TYPE: "QRY_ERR_TYPE",
  FORBIDDEN: "QRY_ERR_FORBIDDEN",
  FUNCTION: "QRY_ERR_FUNCTION",
  LOOP_LIMIT: "QRY_ERR_LOOP_LIMIT",
  ARRAY_LIMIT: "QRY_ERR_ARRAY_LIMIT",
  STRING_LIMIT: "QRY_ERR_STRING_LIMIT",
  OUTPUT_LIMIT: "QRY_ERR_OUTPUT_LIMIT",
  JSON_DEPTH: "QRY_ERR_JSON_DEPTH",
  THROW: "QRY_ERR_THROW",
  CALL_DEPTH: "QRY_ERR_CALL_DEPTH",
  TEMPLATE_NOT_FOUND: "QRY_ERR_TEMPLATE_NOT_FOUND",
  QUERYPARAM: "QRY_ERR_QUERYPARAM",
  TRANSACTION: "QRY_ERR_TRANSACTION",
  NO_DATASOURCE: "QRY_ERR_NO_DATASOURCE",
  HEADER: "QRY_ERR_HEADER",
  TIMEOUT: "QRY_ERR_TIMEOUT",
  QUERY_INPUT: "QRY_ERR_QUERY_INPUT",
  BUILD_OUT: "QRY_ERR_BUILD_OUT",
  MIGRATION: "QRY_ERR_MIGRATION",
  MIGRATION_CHANGED: "QRY_ERR_MIGRATION_CHANGED",
  RESET: "QRY_ERR_RESET",
  BAD_PATH: "QRY_ERR_BAD_PATH",
  NOT_FOUND: "QRY_ERR_NOT_FOUND",
  METHOD: "QRY_ERR_METHOD",
  CANCELLED: "QRY_ERR_CANCELLED",
  PARAM: "QRY_ERR_PARAM",
  CONFIG: "QRY_ERR_CONFIG",
  EXTENSION: "QRY_ERR_EXTENSION",
  DATASOURCE_UNAVAILABLE: "QRY_ERR_DATASOURCE_UNAVAILABLE",
  QUERY: "QRY_ERR_QUERY",
  QUERY_COLUMN: "QRY_ERR_QUERY_COLUMN",
  INTERNAL: "QRY_ERR_INTERNAL",
  INIT_DIR: "QRY_ERR_INIT_DIR",
  REQUEST_LIMIT: "QRY_ERR_REQUEST_LIMIT",
  BAD_REQUEST: "QRY_ERR_BAD_REQUEST",
  OVERLOADED: "QRY_ERR_OVERLOADED",
  CSRF: "QRY_ERR_CSRF",
  SESSION_LIMIT: "QRY_ERR_SESSION_LIMIT",
  SESSION: "QRY_ERR_SESSION",
  REDIRECT: "QRY_ERR_REDIRECT",
  LOCK: "QRY_ERR_LOCK",
  HTTP: "QRY_ERR_HTTP",
  HTTP_DENIED: "QRY_ERR_HTTP_DENIED",
  MAIL: "QRY_ERR_MAIL",
  FLUSH: "QRY_ERR_FLUSH",
  QUERY_LIMIT: "QRY_ERR_QUERY_LIMIT",
  MEMORY_LIMIT: "QRY_ERR_MEMORY_LIMIT",
  XML: "QRY_ERR_XML",
  COMPONENT: "QRY_ERR_COMPONENT",
} as const;

/** A failed argument check of a built-in function, located later at the call site. */
export function argError(message: string): RuntimeError {
  return new RuntimeError(codes.FUNCTION, message, null);
}

/** One of the codes above. */
export type ErrorCode = (typeof codes)[keyof typeof codes];

/** Code frame (with a caret under the column) of `loc` in `source`. */
export function codeFrame(source: string, loc: Loc): string {
  return frameLib()(
    source,
    { start: { line: loc.line, column: loc.column } },
    { highlightCode: false, linesAbove: 2, linesBelow: 2 },
  );
}

/** Fill in the code frame of an error whose location lies in `source`. */
export function withFrame<E extends QuarryError>(err: E, source: string, file: string): E {
  if (err.loc && err.loc.file === file && !err.frame) err.frame = codeFrame(source, err.loc);
  return err;
}

// Loaded on the first error shown, not at start-up: a served site may never print a frame.
let frame: typeof import("@babel/code-frame").codeFrameColumns | null = null;
function frameLib(): typeof import("@babel/code-frame").codeFrameColumns {
  return (frame ??= (createRequire(import.meta.url)("@babel/code-frame") as typeof import("@babel/code-frame"))
    .codeFrameColumns);
}
