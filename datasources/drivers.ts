// Which Driver serves a datasource. One line per driver: a second database adds its folder
// beside postgres/ and a line here (see CONTRIBUTING.md, "Adding a datasource driver").
import type { DatasourceConfig } from "../config/site.js";
import type { Driver } from "./driver.js";
import { postgres } from "./postgres/driver.js";

const DRIVERS: readonly Driver[] = [postgres];

/** The driver for a datasource: today every URL (postgres:// or postgresql://) is Postgres. */
export function driverFor(_config: DatasourceConfig, _url: string): Driver {
  return DRIVERS[0]!;
}
