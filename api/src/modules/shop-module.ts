import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** What every module plugin is given: it builds its repository and service from these. */
export interface ShopModuleOptions {
  config: Config;
  database: DatabaseHandle;
}
