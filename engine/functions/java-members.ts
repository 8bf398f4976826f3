// The Java methods CFML code calls on values (`q.getColumnCount()`, `arr.size()`, `arr.add(x)`,
// `s.length()`): Lucee reaches them because its values are Java objects. Quarry has no Java,
// so a few that CFML code commonly uses are named here as members of existing built-ins, in
// the shape of lucee-names.ts's MEMBERS. Nothing else is looked up by name.
import { MEMBERS } from "./lucee-names.js";

export const JAVA_MEMBERS: Record<string, Record<string, [string, number, boolean, string]>> = {
  string: {
    length: ["len", 1, false, "length"],
    touppercase: ["uCase", 1, false, "toUpperCase"],
    tolowercase: ["lCase", 1, false, "toLowerCase"],
  },
  array: {
    size: ["arrayLen", 1, false, "size"],
    add: ["arrayAppend", 1, false, "add"],
    containsall: ["__arrayContainsAll", 1, false, "containsAll"],
  },
  struct: {
    size: ["structCount", 1, false, "size"],
    containskey: ["structKeyExists", 1, false, "containsKey"],
    get: ["__structGet", 1, false, "get"],
  },
  date: {
    // java.util.Date's setters Lucee code calls (setMonth and setYear are Lucee's own members).
    setseconds: ["__setSecond", 1, false, "setSeconds"],
    setminutes: ["__setMinute", 1, false, "setMinutes"],
    sethours: ["__setHour", 1, false, "setHours"],
    setdate: ["__setDay", 1, false, "setDate"],
  },
  query: {
    getcolumncount: ["queryColumnCount", 1, false, "getColumnCount"],
    getrowcount: ["queryRecordCount", 1, false, "getRowCount"],
    size: ["queryRecordCount", 1, false, "size"],
  },
};

/** Lucee's member functions and the Java methods above, by type. */
export const ALL_MEMBERS: Record<string, Record<string, [string, number, boolean, string]>> = Object.fromEntries(
  [...new Set([...Object.keys(MEMBERS), ...Object.keys(JAVA_MEMBERS)])].map((t) => [
    t,
    { ...JAVA_MEMBERS[t], ...MEMBERS[t] },
  ]),
);
