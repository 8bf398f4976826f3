// What a Postgres error means to Quarry (see ClassifiedError in ../driver.ts): SQLSTATE class 08
// and the shutdown codes, or no SQLSTATE at all, are a lost connection; classes 22 (data
// exception) and 23 (integrity constraint violation) are about a bound value, which is found
// from the error's context or its message so the page can name it.
import type pg from "pg";
import type { ClassifiedError } from "../driver.js";
import { isClientTimeout, isConnectionError, type Connection } from "./client.js";

/** Errors of statements known to have had no effect (see sharedQuery in driver.ts). */
export const unexecuted = new WeakSet<object>();

export function classify(err: unknown, params: unknown[], conn?: Connection): ClassifiedError {
  const e = err as Partial<pg.DatabaseError> | null;
  const state = typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null;
  const message = err instanceof Error ? err.message : String(err);
  const base = {
    state,
    message,
    param: null,
    detail: e?.detail ?? "",
    hint: e?.hint ?? "",
    position: e?.position ? Number(e.position) : null,
    clientTimeout: isClientTimeout(err),
    unexecuted: typeof err === "object" && err !== null && unexecuted.has(err),
  };
  if (isConnectionError(err, conn)) return { ...base, kind: "connection" };
  if (state === "57014") return { ...base, kind: "cancelled" };
  if (state && /^2[23]/.test(state)) {
    const param = refusedParam(err as pg.DatabaseError, params);
    if (param !== null) return { ...base, kind: "input", param };
  }
  return { ...base, kind: "query" };
}

/**
 * What `/: "(.*)"$/` would capture, found by hand: the message holds the value a request sent,
 * and that regex is quadratic on a value full of `: "`.
 */
function quotedAtEnd(msg: string): string | undefined {
  const start = msg.indexOf(': "', msg.lastIndexOf("\n") + 1);
  return start >= 0 && msg.length >= start + 4 && msg.endsWith('"') ? msg.slice(start + 3, -1) : undefined;
}

/** Which bound value (1-based) a class 22/23 error is about, or null when it cannot be told. */
function refusedParam(err: pg.DatabaseError, params: unknown[]): number | null {
  if (params.length === 0) return null;
  // A value Postgres could not convert while binding: its context names the parameter.
  const bound = /\bparameter \$(\d+)\b/.exec(err.where ?? "");
  if (bound && Number(bound[1]) <= params.length) return Number(bound[1]);
  const one = (pred: (v: unknown) => boolean) => {
    const hits = params.flatMap((v, i) => (pred(v) ? [i + 1] : []));
    return hits.length === 1 ? hits[0]! : null;
  };
  const msg = err.message;
  if (err.code === "22021" && /0x00/.test(msg)) return one((v) => typeof v === "string" && v.includes("\0"));
  const tooLong = /^value too long for type character(?: varying)?\((\d+)\)/.exec(msg);
  if (tooLong) return one((v) => typeof v === "string" && [...v].length > Number(tooLong[1]));
  if (err.code === "23502") return one((v) => v === null);
  // The value itself, quoted in the message or the detail ("Key (email)=(a@b.c) already exists.").
  const value =
    quotedAtEnd(msg) ??
    /^value "(.*)" is out of range/.exec(msg)?.[1] ??
    /^Key \([^)]*\)=\((.*)\) (?:already exists|is not present)/.exec(err.detail ?? "")?.[1];
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- bound values are primitives or Dates, printed as Postgres quotes them
  if (value !== undefined) return one((v) => v !== null && v !== undefined && String(v) === value);
  return null;
}
