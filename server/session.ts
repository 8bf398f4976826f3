// In-memory sessions: a random id in a signed, HttpOnly, SameSite=Lax cookie, and a struct
// per id that the session scope is. A session is only created when a page writes to it.
import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { newStruct, type Struct } from "../engine/values.js";

export const SESSION_COOKIE = "quarry_sid";

export class SessionStore {
  private readonly sessions: LRUCache<string, Struct>;

  constructor(timeoutMinutes: number, max = 100_000) {
    this.sessions = new LRUCache({ max, ttl: timeoutMinutes * 60_000, updateAgeOnGet: true });
  }

  /** The session of an id from a verified cookie, or a new unsaved struct. */
  get(id: string | null): { id: string | null; data: Struct } {
    const data = id ? this.sessions.get(id) : undefined;
    return data ? { id, data } : { id: null, data: newStruct() };
  }

  /** Saves a new session that a page wrote to; returns its id. */
  create(data: Struct): string {
    const id = randomBytes(24).toString("base64url");
    this.sessions.set(id, data);
    return id;
  }

  get size(): number {
    return this.sessions.size;
  }
}
